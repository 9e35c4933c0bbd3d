/** Conditional-order errors (67016-67023). */
export const futuresTriggerErrors = {
  '67016': 'Giá kích hoạt: lệnh sẽ kích hoạt ngay; hãy đặt ở phía bên kia của giá hiện tại.',
  '67017': 'Giá kích hoạt: hợp đồng này chưa có giá để theo dõi (chưa có giao dịch, chưa có giá đánh dấu).',
  '67018': 'Lệnh điều kiện này không tồn tại hoặc không còn hiệu lực.',
  '67019': 'Tỷ lệ callback: callback của lệnh trailing stop từ 0.001 (0.1%) đến 0.05 (5%).',
  '67020': 'Giá kích hoạt chốt lời: phải cao hơn giá đánh dấu với vị thế mua, thấp hơn với vị thế bán.',
  '67021': 'Giá kích hoạt cắt lỗ: phải thấp hơn giá đánh dấu với vị thế mua, cao hơn với vị thế bán.',
  '67022': 'Giá kích hoạt cắt lỗ: phải cao hơn giá thanh lý với vị thế mua, thấp hơn với vị thế bán.',
  '67023': 'Giá giới hạn cách giá kích hoạt quá xa: phải nằm trong biên độ giá của hợp đồng.',
};
