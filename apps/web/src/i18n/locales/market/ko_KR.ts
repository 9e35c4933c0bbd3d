import type { market as english } from './en_US.ts';

export const market: typeof english = {
  heading: '마켓',
  search: '거래쌍 검색',
  groups: '결제 통화',
  favourites: '즐겨찾기',
  table: '마켓 목록',
  col: {
    favourite: '즐겨찾기',
    pair: '거래쌍',
    last: '현재가',
    change: '24h 변동률',
    high: '24h 고가',
    low: '24h 저가',
    volume: '24h 거래량',
    amount: '24h 거래대금',
    action: '작업',
  },
  trade: '거래',
  addFavourite: '{{pair}} 즐겨찾기에 추가',
  removeFavourite: '{{pair}} 즐겨찾기에서 제거',
  noFavourites: '즐겨찾기가 없습니다. 거래쌍 옆의 별을 눌러 추가하세요.',
  noMatch: '“{{search}}”와 일치하는 거래쌍이 없습니다.',
  connecting: '실시간 시세에 연결 중…',
  closed: '실시간 시세가 일시 중지되었습니다. 다시 연결 중…',
};
