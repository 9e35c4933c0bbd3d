import type { market as english } from './en_US.ts';

export const market: typeof english = {
  heading: 'Αγορές',
  search: 'Αναζήτηση ζευγών',
  groups: 'Νομίσματα τιμολόγησης',
  favourites: 'Αγαπημένα',
  table: 'Λίστα αγορών',
  col: {
    favourite: 'Αγαπημένο',
    pair: 'Ζεύγος',
    last: 'Τελευταία τιμή',
    change: 'Μεταβολή 24ω',
    high: 'Υψηλό 24ω',
    low: 'Χαμηλό 24ω',
    volume: 'Όγκος 24ω',
    amount: 'Τζίρος 24ω',
    action: 'Ενέργεια',
  },
  trade: 'Συναλλαγή',
  addFavourite: 'Προσθήκη του {{pair}} στα αγαπημένα',
  removeFavourite: 'Αφαίρεση του {{pair}} από τα αγαπημένα',
  noFavourites: 'Δεν υπάρχουν αγαπημένα ακόμη: πατήστε το αστέρι δίπλα σε ένα ζεύγος για να το κρατήσετε εδώ.',
  noMatch: 'Κανένα ζεύγος δεν ταιριάζει με «{{search}}».',
  connecting: 'Σύνδεση με ζωντανές τιμές…',
  closed: 'Οι ζωντανές τιμές σταμάτησαν, επανασύνδεση…',
};
