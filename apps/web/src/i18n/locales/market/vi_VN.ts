import type { market as english } from './en_US.ts';

export const market: typeof english = {
  heading: 'Thị trường',
  search: 'Tìm cặp giao dịch',
  groups: 'Đồng định giá',
  favourites: 'Yêu thích',
  table: 'Danh sách thị trường',
  col: {
    favourite: 'Yêu thích',
    pair: 'Cặp',
    last: 'Giá mới nhất',
    change: 'Biến động 24h',
    high: 'Cao nhất 24h',
    low: 'Thấp nhất 24h',
    volume: 'Khối lượng 24h',
    amount: 'Giá trị 24h',
    action: 'Thao tác',
  },
  trade: 'Giao dịch',
  addFavourite: 'Thêm {{pair}} vào yêu thích',
  removeFavourite: 'Bỏ {{pair}} khỏi yêu thích',
  noFavourites: 'Chưa có mục yêu thích: chạm vào ngôi sao cạnh một cặp để giữ nó ở đây.',
  noMatch: 'Không có cặp nào khớp với “{{search}}”.',
  connecting: 'Đang kết nối giá trực tiếp…',
  closed: 'Giá trực tiếp tạm dừng, đang kết nối lại…',
};
