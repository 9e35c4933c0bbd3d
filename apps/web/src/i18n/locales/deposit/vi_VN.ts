import type { deposit as english } from './en_US.ts';

export const deposit: typeof english = {
  title: 'Nạp tiền',
  history: 'Lịch sử quỹ',
  noCoins: 'Chưa có coin nào có thể nạp.',
  coin: 'Coin',
  chain: 'Mạng',
  address: 'Địa chỉ nạp',
  qrLabel: 'Mã QR của địa chỉ nạp {{coin}} trên {{chain}}',
  copy: 'Sao chép',
  copied: 'Đã sao chép',
  copyAddress: 'Sao chép địa chỉ',
  copyMemo: 'Sao chép memo',
  memo: 'Memo (tag)',
  memoWarning:
    'Hãy gửi kèm memo cùng địa chỉ. Khoản nạp {{coin}} không có memo này không thể được ghi có vào tài khoản.',
  minimum: 'Số nạp tối thiểu',
  confirmations: 'Số xác nhận cần',
  confirmationsValue: '{{n}} khối',
  onlyThis: 'Chỉ gửi {{coin}} trên {{chain}} đến địa chỉ này; coin hoặc mạng khác có thể bị mất.',
  closed: 'Tạm dừng nạp {{coin}}.',
  generating: 'Đang chuẩn bị địa chỉ của bạn',
  failed: 'Không thể tạo địa chỉ nạp của bạn: {{reason}}',
  failure: {
    no_xpub: 'sàn chưa thiết lập mạng này.',
    bad_xpub: 'khóa sàn thiết lập cho mạng này không hợp lệ.',
    private_key: 'sàn đã thiết lập sai mạng này.',
    bad_index: 'không thể tạo địa chỉ cho tài khoản này.',
  },
  notesTitle: 'Trước khi nạp',
  note1: 'Chỉ gửi {{coin}} trên {{chain}}; khoản nạp trên mạng khác không thể được ghi có.',
  note2: 'Khoản nạp được ghi có sau {{n}} xác nhận; bảng bên dưới đếm số xác nhận.',
  note3: 'Khoản nạp dưới {{min}} {{coin}} được ghi lại nhưng không được ghi có.',
  state: {
    pending: 'Chờ vào khối',
    confirming: 'Đang xác nhận',
    crediting: 'Đang ghi có',
    credited: 'Đã ghi có',
    below_minimum: 'Dưới mức tối thiểu',
    orphaned: 'Bị loại khỏi chuỗi',
  },
  records: {
    title: 'Lịch sử nạp',
    time: 'Thời gian',
    amount: 'Số lượng',
    tx: 'Mạng / giao dịch',
    confirmations: 'Xác nhận',
    state: 'Trạng thái',
    none: 'Chưa có khoản nạp nào',
  },
};

export const depositErrors = {
  '65001': 'Tạm dừng nạp coin này.',
  '65002': 'Coin này không thể nạp trên mạng đó.',
};
