import type { market as english } from './en_US.ts';

export const market: typeof english = {
  heading: '行情',
  search: '搜索交易对',
  groups: '计价币种',
  favourites: '自选',
  table: '行情列表',
  col: {
    favourite: '自选',
    pair: '交易对',
    last: '最新价',
    change: '24h涨跌',
    high: '24h最高',
    low: '24h最低',
    volume: '24h成交量',
    amount: '24h成交额',
    action: '操作',
  },
  trade: '交易',
  addFavourite: '将 {{pair}} 加入自选',
  removeFavourite: '将 {{pair}} 移出自选',
  noFavourites: '暂无自选：点击交易对旁的星标即可添加。',
  noMatch: '没有与“{{search}}”匹配的交易对。',
  connecting: '正在连接实时行情…',
  closed: '实时行情已暂停，正在重连…',
};
