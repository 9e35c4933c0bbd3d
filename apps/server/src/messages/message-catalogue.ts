import type { SecurityActionValue } from '@opex/contract/calls/security';

/**
 * The messages the server writes, in the six languages of the web app: a title and a content template each, with
 * {name} placeholders for the parameters stored with the message. A message is rendered in the reader's language
 * when it is read, not in the language of the moment it was written.
 */
export type MessageKey =
  | `security.${SecurityActionValue}`
  | 'login.newDevice'
  | 'kyc.approved'
  | 'kyc.rejected'
  | 'withdraw.approved'
  | 'withdraw.rejected'
  | 'withdraw.sent'
  | 'withdraw.completed'
  | 'futures.marginCall'
  | 'futures.liquidated'
  | 'futures.partiallyLiquidated';

export interface MessageTemplate {
  title: string;
  content: string;
}

type Pair = [title: string, content: string];

interface LanguageTexts {
  /** Per security action: its title and the sentence that says what happened. */
  security: Record<SecurityActionValue, Pair>;
  /** Around that sentence: {what}, {when}, {ip}. */
  securityFrame: string;
  other: Record<Exclude<MessageKey, `security.${string}`>, Pair>;
}

const texts: Record<string, LanguageTexts> = {
  en_US: {
    security: {
      password_change: ['Password changed', 'The password of your account was changed; all sessions were logged out'],
      password_reset: ['Password reset', 'The password of your account was reset; all sessions were logged out'],
      email_bind: ['E-mail bound', 'An e-mail address was bound to your account'],
      email_change: ['E-mail changed', 'The e-mail address of your account was changed'],
      mobile_bind: ['Phone bound', 'A phone number was bound to your account'],
      mobile_change: ['Phone changed', 'The phone number of your account was changed'],
      google_bind: ['Google authenticator bound', 'Google authenticator was bound to your account'],
      google_close: ['Google authenticator removed', 'Google authenticator was removed from your account'],
      mobile_check_open: ['Phone verification on', 'Phone verification was turned on'],
      mobile_check_close: ['Phone verification off', 'Phone verification was turned off'],
      login_verify_change: ['Login verification changed', 'The login verification of your account was changed'],
      api_key_create: ['API key created', 'An API key was created for your account'],
      api_key_update: ['API key changed', 'An API key of your account was changed'],
      api_key_delete: ['API key deleted', 'An API key of your account was deleted'],
    },
    securityFrame:
      '{what} at {when} UTC from IP {ip}. Withdrawals are held for 24 hours. If this was not you, contact support at once.',
    other: {
      'login.newDevice': [
        'Login from a new device',
        'Your account was logged in at {when} UTC from IP {ip} ({agent}). If this was not you, change your password now.',
      ],
      'kyc.approved': ['Identity verified', 'Your identity verification was approved.'],
      'kyc.rejected': [
        'Identity verification rejected',
        'Your identity verification was rejected: {reason}. You may submit it again.',
      ],
      'withdraw.approved': [
        'Withdrawal approved',
        'Your withdrawal of {amount} {coin} to {address} was approved and will be sent shortly.',
      ],
      'withdraw.rejected': [
        'Withdrawal rejected',
        'Your withdrawal of {amount} {coin} was rejected: {reason}. {returned} {coin} is back in your balance.',
      ],
      'withdraw.sent': [
        'Withdrawal sent',
        'Your withdrawal of {amount} {coin} to {address} was sent on {chain}: transaction {txid}.',
      ],
      'withdraw.completed': [
        'Withdrawal completed',
        'Your withdrawal of {amount} {coin} (transaction {txid}) is confirmed on {chain}.',
      ],
      'futures.marginCall': [
        'Margin call: {contract}',
        'Your {side} position of {qty} contracts in {contract} is close to liquidation: the mark price is {mark} and it is liquidated at {liquidation}. Add margin or reduce the position.',
      ],
      'futures.liquidated': [
        'Position liquidated: {contract}',
        'Your {side} position of {qty} contracts in {contract} was liquidated at the mark price {mark}.',
      ],
      'futures.partiallyLiquidated': [
        'Position partly liquidated: {contract}',
        'Your {side} position of {qty} contracts in {contract} was reduced by {closed} contracts at the mark price {mark}, into a lower leverage bracket.',
      ],
    },
  },
  zh_CN: {
    security: {
      password_change: ['密码已修改', '您的账户密码已修改，所有会话均已退出'],
      password_reset: ['密码已重置', '您的账户密码已重置，所有会话均已退出'],
      email_bind: ['邮箱已绑定', '您的账户已绑定邮箱'],
      email_change: ['邮箱已更换', '您的账户邮箱已更换'],
      mobile_bind: ['手机已绑定', '您的账户已绑定手机号'],
      mobile_change: ['手机已更换', '您的账户手机号已更换'],
      google_bind: ['谷歌验证器已绑定', '您的账户已绑定谷歌验证器'],
      google_close: ['谷歌验证器已解绑', '您的账户已解绑谷歌验证器'],
      mobile_check_open: ['手机验证已开启', '手机验证已开启'],
      mobile_check_close: ['手机验证已关闭', '手机验证已关闭'],
      login_verify_change: ['登录验证已修改', '您的账户登录验证方式已修改'],
      api_key_create: ['API 密钥已创建', '您的账户已创建 API 密钥'],
      api_key_update: ['API 密钥已修改', '您账户的一个 API 密钥已修改'],
      api_key_delete: ['API 密钥已删除', '您账户的一个 API 密钥已删除'],
    },
    securityFrame: '{what}（{when} UTC，IP {ip}）。提现将暂停 24 小时。如非本人操作，请立即联系客服。',
    other: {
      'login.newDevice': [
        '新设备登录',
        '您的账户于 {when} UTC 从 IP {ip}（{agent}）登录。如非本人操作，请立即修改密码。',
      ],
      'kyc.approved': ['身份已认证', '您的身份认证已通过。'],
      'kyc.rejected': ['身份认证未通过', '您的身份认证未通过：{reason}。您可以重新提交。'],
      'withdraw.approved': ['提现已批准', '您提现 {amount} {coin} 至 {address} 的申请已批准，即将发出。'],
      'withdraw.rejected': [
        '提现被拒绝',
        '您提现 {amount} {coin} 的申请被拒绝：{reason}。{returned} {coin} 已退回您的余额。',
      ],
      'withdraw.sent': ['提现已发出', '您提现 {amount} {coin} 至 {address} 已在 {chain} 上发出：交易 {txid}。'],
      'withdraw.completed': ['提现已完成', '您提现 {amount} {coin}（交易 {txid}）已在 {chain} 上确认。'],
      'futures.marginCall': [
        '追加保证金提醒：{contract}',
        '您在 {contract} 的 {qty} 张仓位接近强平：标记价格 {mark}，强平价格 {liquidation}。请追加保证金或减仓。',
      ],
      'futures.liquidated': ['仓位已强平：{contract}', '您在 {contract} 的 {qty} 张仓位已按标记价格 {mark} 强制平仓。'],
      'futures.partiallyLiquidated': [
        '仓位已部分强平：{contract}',
        '您在 {contract} 的 {qty} 张仓位已按标记价格 {mark} 强制减仓 {closed} 张，降至较低的杠杆档位。',
      ],
    },
  },
  el_GR: {
    security: {
      password_change: ['密碼已修改', '您的帳戶密碼已修改，所有工作階段均已登出'],
      password_reset: ['密碼已重設', '您的帳戶密碼已重設，所有工作階段均已登出'],
      email_bind: ['郵箱已綁定', '您的帳戶已綁定郵箱'],
      email_change: ['郵箱已更換', '您的帳戶郵箱已更換'],
      mobile_bind: ['手機已綁定', '您的帳戶已綁定手機號碼'],
      mobile_change: ['手機已更換', '您的帳戶手機號碼已更換'],
      google_bind: ['谷歌驗證器已綁定', '您的帳戶已綁定谷歌驗證器'],
      google_close: ['谷歌驗證器已解綁', '您的帳戶已解綁谷歌驗證器'],
      mobile_check_open: ['手機驗證已開啟', '手機驗證已開啟'],
      mobile_check_close: ['手機驗證已關閉', '手機驗證已關閉'],
      login_verify_change: ['登入驗證已修改', '您的帳戶登入驗證方式已修改'],
      api_key_create: ['API 金鑰已建立', '您的帳戶已建立 API 金鑰'],
      api_key_update: ['API 金鑰已修改', '您帳戶的一個 API 金鑰已修改'],
      api_key_delete: ['API 金鑰已刪除', '您帳戶的一個 API 金鑰已刪除'],
    },
    securityFrame: '{what}（{when} UTC，IP {ip}）。提現將暫停 24 小時。如非本人操作，請立即聯繫客服。',
    other: {
      'login.newDevice': [
        '新裝置登入',
        '您的帳戶於 {when} UTC 從 IP {ip}（{agent}）登入。如非本人操作，請立即修改密碼。',
      ],
      'kyc.approved': ['身分已認證', '您的身分認證已通過。'],
      'kyc.rejected': ['身分認證未通過', '您的身分認證未通過：{reason}。您可以重新提交。'],
      'withdraw.approved': ['提現已批准', '您提現 {amount} {coin} 至 {address} 的申請已批准，即將發出。'],
      'withdraw.rejected': [
        '提現被拒絕',
        '您提現 {amount} {coin} 的申請被拒絕：{reason}。{returned} {coin} 已退回您的餘額。',
      ],
      'withdraw.sent': ['提現已發出', '您提現 {amount} {coin} 至 {address} 已在 {chain} 上發出：交易 {txid}。'],
      'withdraw.completed': ['提現已完成', '您提現 {amount} {coin}（交易 {txid}）已在 {chain} 上確認。'],
      'futures.marginCall': [
        '追加保證金提醒：{contract}',
        '您在 {contract} 的 {qty} 張倉位接近強平：標記價格 {mark}，強平價格 {liquidation}。請追加保證金或減倉。',
      ],
      'futures.liquidated': ['倉位已強平：{contract}', '您在 {contract} 的 {qty} 張倉位已按標記價格 {mark} 強制平倉。'],
      'futures.partiallyLiquidated': [
        '倉位已部分強平：{contract}',
        '您在 {contract} 的 {qty} 張倉位已按標記價格 {mark} 強制減倉 {closed} 張，降至較低的槓桿檔位。',
      ],
    },
  },
  ja_JP: {
    security: {
      password_change: ['パスワード変更', 'アカウントのパスワードが変更され、すべてのセッションがログアウトされました'],
      password_reset: [
        'パスワード再設定',
        'アカウントのパスワードが再設定され、すべてのセッションがログアウトされました',
      ],
      email_bind: ['メール連携', 'アカウントにメールアドレスが連携されました'],
      email_change: ['メール変更', 'アカウントのメールアドレスが変更されました'],
      mobile_bind: ['電話番号連携', 'アカウントに電話番号が連携されました'],
      mobile_change: ['電話番号変更', 'アカウントの電話番号が変更されました'],
      google_bind: ['Google認証連携', 'アカウントにGoogle認証が連携されました'],
      google_close: ['Google認証解除', 'アカウントからGoogle認証が解除されました'],
      mobile_check_open: ['電話認証オン', '電話認証がオンになりました'],
      mobile_check_close: ['電話認証オフ', '電話認証がオフになりました'],
      login_verify_change: ['ログイン認証変更', 'アカウントのログイン認証が変更されました'],
      api_key_create: ['APIキー作成', 'アカウントにAPIキーが作成されました'],
      api_key_update: ['APIキー変更', 'アカウントのAPIキーが変更されました'],
      api_key_delete: ['APIキー削除', 'アカウントのAPIキーが削除されました'],
    },
    securityFrame:
      '{what}（{when} UTC、IP {ip}）。出金は24時間保留されます。心当たりがない場合は、すぐにサポートへご連絡ください。',
    other: {
      'login.newDevice': [
        '新しい端末からのログイン',
        '{when} UTC に IP {ip}（{agent}）からアカウントにログインがありました。心当たりがない場合は、すぐにパスワードを変更してください。',
      ],
      'kyc.approved': ['本人確認完了', '本人確認が承認されました。'],
      'kyc.rejected': ['本人確認却下', '本人確認は却下されました：{reason}。再度提出できます。'],
      'withdraw.approved': [
        '出金承認',
        '{address} への {amount} {coin} の出金が承認されました。まもなく送金されます。',
      ],
      'withdraw.rejected': [
        '出金却下',
        '{amount} {coin} の出金は却下されました：{reason}。{returned} {coin} は残高に戻りました。',
      ],
      'withdraw.sent': [
        '出金送金済み',
        '{address} への {amount} {coin} の出金を {chain} で送金しました：トランザクション {txid}。',
      ],
      'withdraw.completed': [
        '出金完了',
        '{amount} {coin} の出金（トランザクション {txid}）が {chain} で確認されました。',
      ],
      'futures.marginCall': [
        '追証の警告：{contract}',
        '{contract} の {qty} 枚のポジションが強制決済に近づいています。マーク価格 {mark}、強制決済価格 {liquidation}。証拠金を追加するかポジションを減らしてください。',
      ],
      'futures.liquidated': [
        'ポジション強制決済：{contract}',
        '{contract} の {qty} 枚のポジションがマーク価格 {mark} で強制決済されました。',
      ],
      'futures.partiallyLiquidated': [
        'ポジション一部強制決済：{contract}',
        '{contract} の {qty} 枚のポジションのうち {closed} 枚がマーク価格 {mark} で強制決済され、下位のレバレッジ階層に移りました。',
      ],
    },
  },
  ko_KR: {
    security: {
      password_change: ['비밀번호 변경', '계정 비밀번호가 변경되어 모든 세션이 로그아웃되었습니다'],
      password_reset: ['비밀번호 재설정', '계정 비밀번호가 재설정되어 모든 세션이 로그아웃되었습니다'],
      email_bind: ['이메일 연결', '계정에 이메일이 연결되었습니다'],
      email_change: ['이메일 변경', '계정 이메일이 변경되었습니다'],
      mobile_bind: ['휴대폰 연결', '계정에 휴대폰 번호가 연결되었습니다'],
      mobile_change: ['휴대폰 변경', '계정 휴대폰 번호가 변경되었습니다'],
      google_bind: ['Google OTP 연결', '계정에 Google OTP가 연결되었습니다'],
      google_close: ['Google OTP 해제', '계정에서 Google OTP가 해제되었습니다'],
      mobile_check_open: ['휴대폰 인증 켜짐', '휴대폰 인증이 켜졌습니다'],
      mobile_check_close: ['휴대폰 인증 꺼짐', '휴대폰 인증이 꺼졌습니다'],
      login_verify_change: ['로그인 인증 변경', '계정 로그인 인증이 변경되었습니다'],
      api_key_create: ['API 키 생성', '계정에 API 키가 생성되었습니다'],
      api_key_update: ['API 키 변경', '계정의 API 키가 변경되었습니다'],
      api_key_delete: ['API 키 삭제', '계정의 API 키가 삭제되었습니다'],
    },
    securityFrame:
      '{what} ({when} UTC, IP {ip}). 출금이 24시간 동안 보류됩니다. 본인이 아니라면 즉시 고객지원에 연락하세요.',
    other: {
      'login.newDevice': [
        '새 기기에서 로그인',
        '{when} UTC에 IP {ip} ({agent})에서 계정에 로그인했습니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.',
      ],
      'kyc.approved': ['본인 인증 완료', '본인 인증이 승인되었습니다.'],
      'kyc.rejected': ['본인 인증 거절', '본인 인증이 거절되었습니다: {reason}. 다시 제출할 수 있습니다.'],
      'withdraw.approved': ['출금 승인', '{address}(으)로의 {amount} {coin} 출금이 승인되어 곧 전송됩니다.'],
      'withdraw.rejected': [
        '출금 거절',
        '{amount} {coin} 출금이 거절되었습니다: {reason}. {returned} {coin}이(가) 잔고로 돌아왔습니다.',
      ],
      'withdraw.sent': [
        '출금 전송됨',
        '{address}(으)로의 {amount} {coin} 출금이 {chain}에서 전송되었습니다: 트랜잭션 {txid}.',
      ],
      'withdraw.completed': ['출금 완료', '{amount} {coin} 출금(트랜잭션 {txid})이 {chain}에서 확인되었습니다.'],
      'futures.marginCall': [
        '마진콜: {contract}',
        '{contract}의 {qty}계약 포지션이 강제 청산에 가까워졌습니다. 마크 가격 {mark}, 청산 가격 {liquidation}. 증거금을 추가하거나 포지션을 줄이세요.',
      ],
      'futures.liquidated': [
        '포지션 강제 청산: {contract}',
        '{contract}의 {qty}계약 포지션이 마크 가격 {mark}에 강제 청산되었습니다.',
      ],
      'futures.partiallyLiquidated': [
        '포지션 부분 강제 청산: {contract}',
        '{contract}의 {qty}계약 포지션 중 {closed}계약이 마크 가격 {mark}에 강제 청산되어 더 낮은 레버리지 구간으로 줄었습니다.',
      ],
    },
  },
  vi_VN: {
    security: {
      password_change: [
        'Đã đổi mật khẩu',
        'Mật khẩu tài khoản của bạn đã được đổi; mọi phiên đăng nhập đã bị đăng xuất',
      ],
      password_reset: [
        'Đã đặt lại mật khẩu',
        'Mật khẩu tài khoản của bạn đã được đặt lại; mọi phiên đăng nhập đã bị đăng xuất',
      ],
      email_bind: ['Đã liên kết e-mail', 'Một địa chỉ e-mail đã được liên kết với tài khoản của bạn'],
      email_change: ['Đã đổi e-mail', 'Địa chỉ e-mail của tài khoản đã được đổi'],
      mobile_bind: ['Đã liên kết điện thoại', 'Một số điện thoại đã được liên kết với tài khoản của bạn'],
      mobile_change: ['Đã đổi điện thoại', 'Số điện thoại của tài khoản đã được đổi'],
      google_bind: ['Đã liên kết Google Authenticator', 'Google Authenticator đã được liên kết với tài khoản của bạn'],
      google_close: ['Đã gỡ Google Authenticator', 'Google Authenticator đã được gỡ khỏi tài khoản của bạn'],
      mobile_check_open: ['Đã bật xác minh điện thoại', 'Xác minh điện thoại đã được bật'],
      mobile_check_close: ['Đã tắt xác minh điện thoại', 'Xác minh điện thoại đã được tắt'],
      login_verify_change: ['Đã đổi xác minh đăng nhập', 'Cách xác minh đăng nhập của tài khoản đã được đổi'],
      api_key_create: ['Đã tạo API key', 'Một API key đã được tạo cho tài khoản của bạn'],
      api_key_update: ['Đã sửa API key', 'Một API key của tài khoản đã được sửa'],
      api_key_delete: ['Đã xoá API key', 'Một API key của tài khoản đã bị xoá'],
    },
    securityFrame:
      '{what} lúc {when} UTC từ IP {ip}. Rút tiền bị tạm giữ 24 giờ. Nếu không phải bạn, hãy liên hệ hỗ trợ ngay.',
    other: {
      'login.newDevice': [
        'Đăng nhập từ thiết bị mới',
        'Tài khoản của bạn đã đăng nhập lúc {when} UTC từ IP {ip} ({agent}). Nếu không phải bạn, hãy đổi mật khẩu ngay.',
      ],
      'kyc.approved': ['Đã xác minh danh tính', 'Yêu cầu xác minh danh tính của bạn đã được duyệt.'],
      'kyc.rejected': [
        'Xác minh danh tính bị từ chối',
        'Yêu cầu xác minh danh tính bị từ chối: {reason}. Bạn có thể gửi lại.',
      ],
      'withdraw.approved': [
        'Đã duyệt rút tiền',
        'Lệnh rút {amount} {coin} tới {address} đã được duyệt và sẽ sớm được gửi.',
      ],
      'withdraw.rejected': [
        'Rút tiền bị từ chối',
        'Lệnh rút {amount} {coin} bị từ chối: {reason}. {returned} {coin} đã trở lại số dư của bạn.',
      ],
      'withdraw.sent': [
        'Đã gửi rút tiền',
        'Lệnh rút {amount} {coin} tới {address} đã được gửi trên {chain}: giao dịch {txid}.',
      ],
      'withdraw.completed': [
        'Hoàn tất rút tiền',
        'Lệnh rút {amount} {coin} (giao dịch {txid}) đã được xác nhận trên {chain}.',
      ],
      'futures.marginCall': [
        'Cảnh báo ký quỹ: {contract}',
        'Vị thế {qty} hợp đồng của bạn trong {contract} sắp bị thanh lý: giá đánh dấu {mark}, giá thanh lý {liquidation}. Hãy thêm ký quỹ hoặc giảm vị thế.',
      ],
      'futures.liquidated': [
        'Vị thế đã bị thanh lý: {contract}',
        'Vị thế {qty} hợp đồng của bạn trong {contract} đã bị thanh lý tại giá đánh dấu {mark}.',
      ],
      'futures.partiallyLiquidated': [
        'Vị thế bị thanh lý một phần: {contract}',
        'Vị thế {qty} hợp đồng của bạn trong {contract} đã bị giảm {closed} hợp đồng tại giá đánh dấu {mark}, về bậc đòn bẩy thấp hơn.',
      ],
    },
  },
};

/** The template of a message key in a language (English when the language has none); undefined for an unknown key. */
export function messageTemplate(key: string, lang: string): MessageTemplate | undefined {
  const language = texts[lang] ?? texts.en_US!;
  if (key.startsWith('security.')) {
    const pair = language.security[key.slice('security.'.length) as SecurityActionValue];
    return pair && { title: pair[0], content: language.securityFrame.replace('{what}', pair[1]) };
  }
  const pair = language.other[key as keyof LanguageTexts['other']];
  return pair && { title: pair[0], content: pair[1] };
}

/** Every key of the catalogue (for the migration that gives stored English messages their key). */
export function messageKeys(): MessageKey[] {
  const english = texts.en_US!;
  return [
    ...Object.keys(english.security).map((action) => `security.${action}` as MessageKey),
    ...(Object.keys(english.other) as MessageKey[]),
  ];
}
