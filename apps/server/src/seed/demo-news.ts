/**
 * The demo's home-page news in the six languages: the two banners' captions, the three notices and the welcome
 * pop-up. Each language reads its own; none falls back to English.
 */
export interface DemoNews {
  banners: [trading: string, openSource: string];
  notices: [title: string, html: string][];
  popup: { title: string; html: string; start: string; close: string };
}

export const demoNews: Record<string, DemoNews> = {
  en_US: {
    banners: ['Spot trading, live order books', 'Open source and self-hosted'],
    notices: [
      [
        'Welcome to the Opex demo',
        '<p>Log in with a demo account from the start-up log and try every screen. Funds have no value.</p>',
      ],
      [
        'Markets open: BTC, ETH, LTC and TRX',
        '<p>Spot markets against USDT and ETH/BTC are open. See the fees page for rates.</p>',
      ],
      [
        'Bot protection without third parties',
        '<p>Logins and sign-ups are protected by a proof-of-work check that runs in your browser.</p>',
      ],
    ],
    popup: {
      title: 'Welcome to Opex Demo',
      html: '<p>This exchange is a demo: balances are play money. Two traders are ready for you to log in as.</p>',
      start: 'Start trading',
      close: 'Close',
    },
  },
  zh_CN: {
    banners: ['现货交易，实时订单簿', '开源，可自行部署'],
    notices: [
      ['欢迎来到 Opex 演示站', '<p>使用启动日志中的演示账户登录，体验每一个页面。资金没有实际价值。</p>'],
      ['已开通市场：BTC、ETH、LTC 和 TRX', '<p>USDT 现货市场及 ETH/BTC 已开通。费率见费率页。</p>'],
      ['无需第三方的防机器人保护', '<p>登录和注册由在您浏览器中运行的工作量证明校验保护。</p>'],
    ],
    popup: {
      title: '欢迎来到 Opex 演示站',
      html: '<p>本交易所为演示站：余额是模拟资金。已备好两个交易员账户供您登录。</p>',
      start: '开始交易',
      close: '关闭',
    },
  },
  el_GR: {
    banners: ['現貨交易，即時委託簿', '開源，可自行部署'],
    notices: [
      ['歡迎來到 Opex 示範站', '<p>使用啟動日誌中的示範帳戶登入，體驗每一個頁面。資金沒有實際價值。</p>'],
      ['已開通市場：BTC、ETH、LTC 和 TRX', '<p>USDT 現貨市場及 ETH/BTC 已開通。費率見費率頁。</p>'],
      ['無需第三方的防機器人保護', '<p>登入和註冊由在您瀏覽器中執行的工作量證明校驗保護。</p>'],
    ],
    popup: {
      title: '歡迎來到 Opex 示範站',
      html: '<p>本交易所為示範站：餘額是模擬資金。已備好兩個交易員帳戶供您登入。</p>',
      start: '開始交易',
      close: '關閉',
    },
  },
  ja_JP: {
    banners: ['現物取引、リアルタイムの板', 'オープンソース、自分で運営できる'],
    notices: [
      [
        'Opex デモへようこそ',
        '<p>起動ログに表示されるデモアカウントでログインし、すべての画面を試してください。資金に価値はありません。</p>',
      ],
      [
        '取引開始：BTC、ETH、LTC、TRX',
        '<p>USDT建ての現物市場と ETH/BTC が開いています。手数料は手数料ページをご覧ください。</p>',
      ],
      [
        '第三者に頼らないボット対策',
        '<p>ログインと新規登録は、ブラウザで動くプルーフ・オブ・ワークの確認で守られています。</p>',
      ],
    ],
    popup: {
      title: 'Opex デモへようこそ',
      html: '<p>この取引所はデモです。残高は練習用の資金です。ログインできるトレーダーを2人用意しています。</p>',
      start: '取引を始める',
      close: '閉じる',
    },
  },
  ko_KR: {
    banners: ['현물 거래, 실시간 호가창', '오픈 소스, 직접 운영 가능'],
    notices: [
      [
        'Opex 데모에 오신 것을 환영합니다',
        '<p>시작 로그에 표시된 데모 계정으로 로그인해 모든 화면을 사용해 보세요. 자금에는 가치가 없습니다.</p>',
      ],
      [
        '마켓 오픈: BTC, ETH, LTC, TRX',
        '<p>USDT 현물 마켓과 ETH/BTC가 열려 있습니다. 수수료는 수수료 페이지를 참고하세요.</p>',
      ],
      ['제3자 없는 봇 방지', '<p>로그인과 회원가입은 브라우저에서 실행되는 작업 증명 검사로 보호됩니다.</p>'],
    ],
    popup: {
      title: 'Opex 데모에 오신 것을 환영합니다',
      html: '<p>이 거래소는 데모입니다. 잔고는 연습용 자금입니다. 로그인할 수 있는 트레이더 두 명이 준비되어 있습니다.</p>',
      start: '거래 시작',
      close: '닫기',
    },
  },
  vi_VN: {
    banners: ['Giao dịch giao ngay, sổ lệnh trực tiếp', 'Mã nguồn mở, tự vận hành'],
    notices: [
      [
        'Chào mừng đến với bản demo Opex',
        '<p>Đăng nhập bằng tài khoản demo trong nhật ký khởi động và thử mọi màn hình. Tiền ở đây không có giá trị.</p>',
      ],
      [
        'Thị trường đã mở: BTC, ETH, LTC và TRX',
        '<p>Các thị trường giao ngay với USDT và ETH/BTC đã mở. Xem trang phí để biết mức phí.</p>',
      ],
      [
        'Chống bot không cần bên thứ ba',
        '<p>Đăng nhập và đăng ký được bảo vệ bằng kiểm tra bằng chứng công việc chạy trong trình duyệt của bạn.</p>',
      ],
    ],
    popup: {
      title: 'Chào mừng đến với Opex Demo',
      html: '<p>Sàn này là bản demo: số dư là tiền thử nghiệm. Hai nhà giao dịch đã sẵn sàng để bạn đăng nhập.</p>',
      start: 'Bắt đầu giao dịch',
      close: 'Đóng',
    },
  },
};
