import type { market as english } from './en_US.ts';

export const market: typeof english = {
  heading: 'マーケット',
  search: 'ペアを検索',
  groups: '決済通貨',
  favourites: 'お気に入り',
  table: 'マーケット一覧',
  col: {
    favourite: 'お気に入り',
    pair: 'ペア',
    last: '現在値',
    change: '24h変動率',
    high: '24h高値',
    low: '24h安値',
    volume: '24h出来高',
    amount: '24h売買代金',
    action: '操作',
  },
  trade: '取引',
  addFavourite: '{{pair}} をお気に入りに追加',
  removeFavourite: '{{pair}} をお気に入りから削除',
  noFavourites: 'お気に入りはまだありません。ペアの横の星をタップすると追加されます。',
  noMatch: '「{{search}}」に一致するペアはありません。',
  connecting: 'リアルタイム価格に接続中…',
  closed: 'リアルタイム価格が停止中です。再接続しています…',
};
