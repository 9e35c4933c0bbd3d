/** Radix positions pop-ups in JavaScript, so the gap to their anchor is a number: --space-1 of tokens.css. */
export const POPUP_GAP_PX = 4;
