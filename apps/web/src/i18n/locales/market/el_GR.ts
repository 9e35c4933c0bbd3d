import type { market as english } from './en_US.ts';

export const market: typeof english = {
  heading: '行情',
  search: '搜尋交易對',
  groups: '計價幣種',
  favourites: '自選',
  table: '行情列表',
  col: {
    favourite: '自選',
    pair: '交易對',
    last: '最新價',
    change: '24h漲跌',
    high: '24h最高',
    low: '24h最低',
    volume: '24h成交量',
    amount: '24h成交額',
    action: '操作',
  },
  trade: '交易',
  addFavourite: '將 {{pair}} 加入自選',
  removeFavourite: '將 {{pair}} 移出自選',
  noFavourites: '暫無自選：點擊交易對旁的星標即可加入。',
  noMatch: '沒有與「{{search}}」相符的交易對。',
  connecting: '正在連接即時行情…',
  closed: '即時行情已暫停，正在重新連接…',
};
