// Over 400 lines: the demo's guide pages are content (HTML per language), not code.
import Big from 'big.js';
import type { MarketInput } from '../catalog/markets.ts';
import type { CmsPageInput } from '../content/cms-pages.ts';

/**
 * The demo's guide pages under /footerPage/ in the six languages: fees (from the markets' own rates), announcements,
 * downoadApp (the spec's spelling; also /cms/download), press, siteMap (the routes this exchange really serves), tokenListing and
 * userGuide.
 */
type Lang = 'en_US' | 'zh_CN' | 'el_GR' | 'ja_JP' | 'ko_KR' | 'vi_VN';
type Page = [title: string, body: string];

interface Words {
  fees: { title: string; intro: string; market: string; maker: string; taker: string; note: string };
  announcements: Page;
  downoadApp: Page;
  press: (contact: string) => Page;
  siteMap: { title: string; links: Record<string, string> };
  tokenListing: (contact: string) => Page;
  userGuide: Page;
}

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
/** Numbered steps as paragraphs: the pages' styles show no list numbers. */
const steps = (items: string[]) => items.map((text, i) => `<p><strong>${i + 1}.</strong> ${text}</p>`).join('');
const a = (href: string, text: string) => `<a href="${href}">${text}</a>`;
const mail = (contact: string) => a(`mailto:${contact}`, contact);

/** The site map's routes, in the order a newcomer meets them. */
const siteMapRoutes = [
  '/market',
  '/trade/BTC_USDT',
  '/tradeMore',
  '/register',
  '/login',
  '/assets/exchangeAccount',
  '/assets/recharge',
  '/assets/withdraw',
  '/assets/addressMent',
  '/assets/flowingWater',
  '/order/exchangeOrder',
  '/personal/userManagement',
  '/personal/apiManagement',
  '/mesage',
  '/noticeInfo',
  '/footerPage/fees',
  '/footerPage/userGuide',
  '/footerPage/apiPage',
  '/footerPage/about',
  '/footerPage/termsOfService',
  '/footerPage/privacyPolicy',
] as const;

const words: Record<Lang, Words> = {
  en_US: {
    fees: {
      title: 'Fees',
      intro:
        'Spot trading fees are charged on each fill, in the coin you receive. A maker order rests in the book; a taker order fills against it.',
      market: 'Market',
      maker: 'Maker',
      taker: 'Taker',
      note: 'Deposits are free. Each withdrawal shows its network fee before you confirm it.',
    },
    announcements: [
      'Announcements',
      `<p>News of the exchange (new markets, maintenance, fee changes) is published as notices: ${a('/noticeInfo', 'read all notices')}. What concerns your own account (logins from a new device, security changes, withdrawals) arrives in your ${a('/mesage', 'messages')}.</p>`,
    ],
    downoadApp: [
      'Download the app',
      '<p>The exchange runs in any modern browser, on a computer or a phone, with nothing to install. On a phone, open it in the browser and choose "Add to Home Screen" to start it like an app.</p>',
    ],
    press: (contact) => [
      'Press',
      `<p>For interviews and press enquiries write to ${mail(contact)}.</p><p>This exchange runs Opex, open-source exchange software: its code, architecture and benchmarks are public, and anyone may run their own.</p>`,
    ],
    siteMap: {
      title: 'Site map',
      links: {
        '/market': 'Markets',
        '/trade/BTC_USDT': 'Spot trading (BTC/USDT)',
        '/tradeMore': 'Four charts at once',
        '/register': 'Register',
        '/login': 'Log in',
        '/assets/exchangeAccount': 'Spot account',
        '/assets/recharge': 'Deposit',
        '/assets/withdraw': 'Withdraw',
        '/assets/addressMent': 'Withdrawal addresses',
        '/assets/flowingWater': 'Ledger history',
        '/order/exchangeOrder': 'Spot orders',
        '/personal/userManagement': 'Account security',
        '/personal/apiManagement': 'API keys',
        '/mesage': 'Messages',
        '/noticeInfo': 'Notices',
        '/footerPage/fees': 'Fees',
        '/footerPage/userGuide': 'User guide',
        '/footerPage/apiPage': 'Open API',
        '/footerPage/about': 'About us',
        '/footerPage/termsOfService': 'Terms of service',
        '/footerPage/privacyPolicy': 'Privacy policy',
      },
    },
    tokenListing: (contact) => [
      'Token listing',
      `<p>To apply for a listing, write to ${mail(contact)} with:</p>${list([
        'the coin’s name, ticker and a short description',
        'its chain, contract address and number of decimals',
        'links to its source code, audit and block explorer',
        'the markets you would like (for example against USDT)',
      ])}<p>The exchange reviews every application; listing on this demo is free.</p>`,
    ],
    userGuide: [
      'User guide',
      steps([
        `${a('/register', 'Register')} with your e-mail address and the code we send to it.`,
        `Secure your account: bind Google authenticator on ${a('/personal/userManagement', 'Account security')}; from then on login asks for its code.`,
        `Deposit: ${a('/assets/recharge', 'Deposit')} shows your address for each chain; the coins are credited after the chain’s confirmations.`,
        `Trade on ${a('/trade/BTC_USDT', 'the trade page')}: a limit order at your price, or a market order at the best prices in the book. ${a('/footerPage/fees', 'Fees')} are charged on each fill.`,
        `Follow your open orders and fills live under ${a('/order/exchangeOrder', 'Spot orders')}.`,
        `Withdraw from ${a('/assets/withdraw', 'Withdraw')}, confirming with your second factor. After a security change, withdrawals are held for 24 hours.`,
      ]),
    ],
  },
  zh_CN: {
    fees: {
      title: '费率',
      intro: '现货交易手续费在每笔成交时收取，币种为您收到的币。挂单（Maker）留在订单簿中；吃单（Taker）与之成交。',
      market: '市场',
      maker: '挂单',
      taker: '吃单',
      note: '充值免费。每笔提现在确认前会显示其网络手续费。',
    },
    announcements: [
      '公告',
      `<p>交易所动态（新市场、维护、费率调整）以公告形式发布：${a('/noticeInfo', '查看全部公告')}。与您账户相关的事项（新设备登录、安全设置变更、提现）会发送到您的${a('/mesage', '消息')}。</p>`,
    ],
    downoadApp: [
      '下载应用',
      '<p>本交易所可在电脑或手机上的任何现代浏览器中使用，无需安装。在手机上用浏览器打开后选择“添加到主屏幕”，即可像应用一样启动。</p>',
    ],
    press: (contact) => [
      '媒体',
      `<p>采访与媒体咨询请发邮件至 ${mail(contact)}。</p><p>本交易所运行开源交易所软件 Opex：其代码、架构和性能测试均公开，任何人都可以自行部署。</p>`,
    ],
    siteMap: {
      title: '网站地图',
      links: {
        '/market': '行情',
        '/trade/BTC_USDT': '现货交易（BTC/USDT）',
        '/tradeMore': '四图同看',
        '/register': '注册',
        '/login': '登录',
        '/assets/exchangeAccount': '现货账户',
        '/assets/recharge': '充值',
        '/assets/withdraw': '提现',
        '/assets/addressMent': '提现地址',
        '/assets/flowingWater': '资金流水',
        '/order/exchangeOrder': '现货订单',
        '/personal/userManagement': '账户安全',
        '/personal/apiManagement': 'API 密钥',
        '/mesage': '消息',
        '/noticeInfo': '公告',
        '/footerPage/fees': '费率',
        '/footerPage/userGuide': '新手指南',
        '/footerPage/apiPage': '开放 API',
        '/footerPage/about': '关于我们',
        '/footerPage/termsOfService': '服务条款',
        '/footerPage/privacyPolicy': '隐私政策',
      },
    },
    tokenListing: (contact) => [
      '上币申请',
      `<p>申请上币请发邮件至 ${mail(contact)}，并附上：</p>${list([
        '币种名称、代码和简介',
        '所在公链、合约地址和精度',
        '源代码、审计报告和区块浏览器链接',
        '希望开通的交易对（例如对 USDT）',
      ])}<p>交易所会审核每一份申请；在本演示站上币免费。</p>`,
    ],
    userGuide: [
      '新手指南',
      steps([
        `使用邮箱和我们发送的验证码${a('/register', '注册')}。`,
        `保护账户：在${a('/personal/userManagement', '账户安全')}绑定谷歌验证器，此后登录需要输入其验证码。`,
        `充值：${a('/assets/recharge', '充值页')}显示您在每条链上的地址，达到该链的确认数后到账。`,
        `在${a('/trade/BTC_USDT', '交易页')}交易：限价单按您的价格，市价单按订单簿中的最优价格成交。每笔成交收取${a('/footerPage/fees', '手续费')}。`,
        `在${a('/order/exchangeOrder', '现货订单')}实时查看当前委托和成交。`,
        `在${a('/assets/withdraw', '提现页')}提现，并用第二重验证确认。修改安全设置后，提现将暂停 24 小时。`,
      ]),
    ],
  },
  el_GR: {
    fees: {
      title: '費率',
      intro: '現貨交易手續費在每筆成交時收取，幣種為您收到的幣。掛單（Maker）留在委託簿中；吃單（Taker）與之成交。',
      market: '市場',
      maker: '掛單',
      taker: '吃單',
      note: '充值免費。每筆提現在確認前會顯示其網路手續費。',
    },
    announcements: [
      '公告',
      `<p>交易所動態（新市場、維護、費率調整）以公告形式發佈：${a('/noticeInfo', '查看全部公告')}。與您帳戶相關的事項（新裝置登入、安全設定變更、提現）會傳送到您的${a('/mesage', '訊息')}。</p>`,
    ],
    downoadApp: [
      '下載應用程式',
      '<p>本交易所可在電腦或手機上的任何現代瀏覽器中使用，無需安裝。在手機上用瀏覽器開啟後選擇「加入主畫面」，即可像應用程式一樣啟動。</p>',
    ],
    press: (contact) => [
      '媒體',
      `<p>採訪與媒體諮詢請寄信至 ${mail(contact)}。</p><p>本交易所運行開源交易所軟體 Opex：其程式碼、架構和效能測試均公開，任何人都可以自行部署。</p>`,
    ],
    siteMap: {
      title: '網站地圖',
      links: {
        '/market': '行情',
        '/trade/BTC_USDT': '現貨交易（BTC/USDT）',
        '/tradeMore': '四圖同看',
        '/register': '註冊',
        '/login': '登入',
        '/assets/exchangeAccount': '現貨帳戶',
        '/assets/recharge': '充值',
        '/assets/withdraw': '提現',
        '/assets/addressMent': '提現地址',
        '/assets/flowingWater': '資金流水',
        '/order/exchangeOrder': '現貨訂單',
        '/personal/userManagement': '帳戶安全',
        '/personal/apiManagement': 'API 金鑰',
        '/mesage': '訊息',
        '/noticeInfo': '公告',
        '/footerPage/fees': '費率',
        '/footerPage/userGuide': '新手指南',
        '/footerPage/apiPage': '開放 API',
        '/footerPage/about': '關於我們',
        '/footerPage/termsOfService': '服務條款',
        '/footerPage/privacyPolicy': '隱私政策',
      },
    },
    tokenListing: (contact) => [
      '上幣申請',
      `<p>申請上幣請寄信至 ${mail(contact)}，並附上：</p>${list([
        '幣種名稱、代碼和簡介',
        '所在公鏈、合約地址和精度',
        '原始碼、審計報告和區塊瀏覽器連結',
        '希望開通的交易對（例如對 USDT）',
      ])}<p>交易所會審核每一份申請；在本示範站上幣免費。</p>`,
    ],
    userGuide: [
      '新手指南',
      steps([
        `使用郵箱和我們寄出的驗證碼${a('/register', '註冊')}。`,
        `保護帳戶：在${a('/personal/userManagement', '帳戶安全')}綁定谷歌驗證器，此後登入需要輸入其驗證碼。`,
        `充值：${a('/assets/recharge', '充值頁')}顯示您在每條鏈上的地址，達到該鏈的確認數後到帳。`,
        `在${a('/trade/BTC_USDT', '交易頁')}交易：限價單按您的價格，市價單按委託簿中的最優價格成交。每筆成交收取${a('/footerPage/fees', '手續費')}。`,
        `在${a('/order/exchangeOrder', '現貨訂單')}即時查看目前委託和成交。`,
        `在${a('/assets/withdraw', '提現頁')}提現，並用第二重驗證確認。修改安全設定後，提現將暫停 24 小時。`,
      ]),
    ],
  },
  ja_JP: {
    fees: {
      title: '手数料',
      intro:
        '現物取引の手数料は約定ごとに、受け取る通貨で差し引かれます。メイカー注文は板に残る注文、テイカー注文はそれに約定する注文です。',
      market: '市場',
      maker: 'メイカー',
      taker: 'テイカー',
      note: '入金は無料です。出金のネットワーク手数料は確認の前に表示されます。',
    },
    announcements: [
      'お知らせ',
      `<p>取引所のニュース（新しい市場、メンテナンス、手数料の変更）はお知らせとして掲載します：${a('/noticeInfo', 'お知らせ一覧')}。ご自身のアカウントに関すること（新しい端末からのログイン、セキュリティ設定の変更、出金）は${a('/mesage', 'メッセージ')}に届きます。</p>`,
    ],
    downoadApp: [
      'アプリのダウンロード',
      '<p>この取引所はパソコンやスマートフォンの最新ブラウザで、インストールなしで使えます。スマートフォンではブラウザで開いて「ホーム画面に追加」を選ぶと、アプリのように起動できます。</p>',
    ],
    press: (contact) => [
      'プレス',
      `<p>取材・報道関係のお問い合わせは ${mail(contact)} までお送りください。</p><p>この取引所はオープンソースの取引所ソフトウェア Opex で動いています。コード、設計、ベンチマークは公開されており、誰でも自分で運営できます。</p>`,
    ],
    siteMap: {
      title: 'サイトマップ',
      links: {
        '/market': 'マーケット',
        '/trade/BTC_USDT': '現物取引（BTC/USDT）',
        '/tradeMore': '4チャート表示',
        '/register': '新規登録',
        '/login': 'ログイン',
        '/assets/exchangeAccount': '現物アカウント',
        '/assets/recharge': '入金',
        '/assets/withdraw': '出金',
        '/assets/addressMent': '出金アドレス',
        '/assets/flowingWater': '入出金履歴',
        '/order/exchangeOrder': '現物注文',
        '/personal/userManagement': 'アカウントセキュリティ',
        '/personal/apiManagement': 'APIキー',
        '/mesage': 'メッセージ',
        '/noticeInfo': 'お知らせ',
        '/footerPage/fees': '手数料',
        '/footerPage/userGuide': 'ご利用ガイド',
        '/footerPage/apiPage': 'オープンAPI',
        '/footerPage/about': '会社概要',
        '/footerPage/termsOfService': '利用規約',
        '/footerPage/privacyPolicy': 'プライバシーポリシー',
      },
    },
    tokenListing: (contact) => [
      '上場申請',
      `<p>上場のお申し込みは ${mail(contact)} まで、次の情報を添えてお送りください：</p>${list([
        '通貨の名前、ティッカー、簡単な説明',
        'チェーン、コントラクトアドレス、小数点以下の桁数',
        'ソースコード、監査報告、ブロックエクスプローラーへのリンク',
        '希望する取引ペア（例：USDT建て）',
      ])}<p>すべての申請を審査します。このデモでの上場は無料です。</p>`,
    ],
    userGuide: [
      'ご利用ガイド',
      steps([
        `メールアドレスと届いたコードで${a('/register', '新規登録')}します。`,
        `アカウントを守る：${a('/personal/userManagement', 'アカウントセキュリティ')}でGoogle認証を連携すると、以後のログインでそのコードを求めます。`,
        `入金：${a('/assets/recharge', '入金')}ページにチェーンごとのアドレスが表示され、チェーンの承認数に達すると反映されます。`,
        `${a('/trade/BTC_USDT', '取引ページ')}で取引：指値注文は指定価格で、成行注文は板の最良価格で約定します。約定ごとに${a('/footerPage/fees', '手数料')}がかかります。`,
        `未約定の注文と約定は${a('/order/exchangeOrder', '現物注文')}でリアルタイムに確認できます。`,
        `${a('/assets/withdraw', '出金')}ページから、二段階認証で確認して出金します。セキュリティ設定を変更すると出金は24時間保留されます。`,
      ]),
    ],
  },
  ko_KR: {
    fees: {
      title: '수수료',
      intro:
        '현물 거래 수수료는 체결될 때마다 받는 코인으로 부과됩니다. 메이커 주문은 호가창에 남는 주문이고, 테이커 주문은 그 주문과 체결되는 주문입니다.',
      market: '마켓',
      maker: '메이커',
      taker: '테이커',
      note: '입금은 무료입니다. 출금마다 확인 전에 네트워크 수수료가 표시됩니다.',
    },
    announcements: [
      '공지',
      `<p>거래소 소식(새 마켓, 점검, 수수료 변경)은 공지사항으로 게시됩니다: ${a('/noticeInfo', '전체 공지 보기')}. 내 계정에 관한 일(새 기기 로그인, 보안 설정 변경, 출금)은 ${a('/mesage', '메시지')}로 알려 드립니다.</p>`,
    ],
    downoadApp: [
      '앱 다운로드',
      '<p>이 거래소는 컴퓨터나 휴대폰의 최신 브라우저에서 설치 없이 이용할 수 있습니다. 휴대폰 브라우저에서 열고 "홈 화면에 추가"를 선택하면 앱처럼 실행됩니다.</p>',
    ],
    press: (contact) => [
      '언론',
      `<p>인터뷰 및 언론 문의는 ${mail(contact)}(으)로 보내 주세요.</p><p>이 거래소는 오픈 소스 거래소 소프트웨어 Opex로 운영됩니다. 코드, 구조, 벤치마크가 공개되어 있어 누구나 직접 운영할 수 있습니다.</p>`,
    ],
    siteMap: {
      title: '사이트맵',
      links: {
        '/market': '마켓',
        '/trade/BTC_USDT': '현물 거래 (BTC/USDT)',
        '/tradeMore': '차트 4개 보기',
        '/register': '회원가입',
        '/login': '로그인',
        '/assets/exchangeAccount': '현물 계정',
        '/assets/recharge': '입금',
        '/assets/withdraw': '출금',
        '/assets/addressMent': '출금 주소',
        '/assets/flowingWater': '자산 내역',
        '/order/exchangeOrder': '현물 주문',
        '/personal/userManagement': '계정 보안',
        '/personal/apiManagement': 'API 키',
        '/mesage': '메시지',
        '/noticeInfo': '공지사항',
        '/footerPage/fees': '수수료',
        '/footerPage/userGuide': '이용 가이드',
        '/footerPage/apiPage': '오픈 API',
        '/footerPage/about': '회사 소개',
        '/footerPage/termsOfService': '이용약관',
        '/footerPage/privacyPolicy': '개인정보 처리방침',
      },
    },
    tokenListing: (contact) => [
      '상장 신청',
      `<p>상장을 신청하려면 ${mail(contact)}(으)로 다음 내용을 보내 주세요:</p>${list([
        '코인 이름, 티커, 간단한 소개',
        '체인, 컨트랙트 주소, 소수점 자릿수',
        '소스 코드, 감사 보고서, 블록 탐색기 링크',
        '원하는 마켓 (예: USDT 마켓)',
      ])}<p>모든 신청을 검토합니다. 이 데모에서는 상장이 무료입니다.</p>`,
    ],
    userGuide: [
      '이용 가이드',
      steps([
        `이메일 주소와 받은 인증 코드로 ${a('/register', '회원가입')}합니다.`,
        `계정 보호: ${a('/personal/userManagement', '계정 보안')}에서 Google OTP를 연결하면 이후 로그인할 때 그 코드를 묻습니다.`,
        `입금: ${a('/assets/recharge', '입금')} 페이지에 체인별 주소가 표시되며, 체인 확인 수를 채우면 반영됩니다.`,
        `${a('/trade/BTC_USDT', '거래 페이지')}에서 거래: 지정가 주문은 지정한 가격에, 시장가 주문은 호가창의 최우선 가격에 체결됩니다. 체결마다 ${a('/footerPage/fees', '수수료')}가 부과됩니다.`,
        `미체결 주문과 체결 내역은 ${a('/order/exchangeOrder', '현물 주문')}에서 실시간으로 확인합니다.`,
        `${a('/assets/withdraw', '출금')} 페이지에서 2단계 인증으로 확인해 출금합니다. 보안 설정을 바꾸면 출금이 24시간 보류됩니다.`,
      ]),
    ],
  },
  vi_VN: {
    fees: {
      title: 'Phí',
      intro:
        'Phí giao dịch giao ngay được thu trên mỗi lần khớp, bằng đồng bạn nhận. Lệnh maker nằm chờ trong sổ lệnh; lệnh taker khớp với nó.',
      market: 'Thị trường',
      maker: 'Maker',
      taker: 'Taker',
      note: 'Nạp tiền miễn phí. Mỗi lệnh rút hiển thị phí mạng trước khi bạn xác nhận.',
    },
    announcements: [
      'Thông báo',
      `<p>Tin tức của sàn (thị trường mới, bảo trì, thay đổi phí) được đăng dưới dạng thông báo: ${a('/noticeInfo', 'xem tất cả thông báo')}. Những gì liên quan đến tài khoản của bạn (đăng nhập từ thiết bị mới, thay đổi bảo mật, rút tiền) được gửi vào ${a('/mesage', 'tin nhắn')} của bạn.</p>`,
    ],
    downoadApp: [
      'Tải ứng dụng',
      '<p>Sàn chạy trên mọi trình duyệt hiện đại, trên máy tính hay điện thoại, không cần cài đặt. Trên điện thoại, mở bằng trình duyệt rồi chọn "Thêm vào Màn hình chính" để mở như một ứng dụng.</p>',
    ],
    press: (contact) => [
      'Báo chí',
      `<p>Phỏng vấn và câu hỏi của báo chí xin gửi tới ${mail(contact)}.</p><p>Sàn này chạy Opex, phần mềm sàn giao dịch mã nguồn mở: mã nguồn, kiến trúc và số liệu đo hiệu năng đều công khai, ai cũng có thể tự vận hành.</p>`,
    ],
    siteMap: {
      title: 'Sơ đồ trang',
      links: {
        '/market': 'Thị trường',
        '/trade/BTC_USDT': 'Giao dịch giao ngay (BTC/USDT)',
        '/tradeMore': 'Bốn biểu đồ cùng lúc',
        '/register': 'Đăng ký',
        '/login': 'Đăng nhập',
        '/assets/exchangeAccount': 'Tài khoản giao ngay',
        '/assets/recharge': 'Nạp tiền',
        '/assets/withdraw': 'Rút tiền',
        '/assets/addressMent': 'Địa chỉ rút tiền',
        '/assets/flowingWater': 'Lịch sử sổ cái',
        '/order/exchangeOrder': 'Lệnh giao ngay',
        '/personal/userManagement': 'Bảo mật tài khoản',
        '/personal/apiManagement': 'API key',
        '/mesage': 'Tin nhắn',
        '/noticeInfo': 'Thông báo',
        '/footerPage/fees': 'Phí',
        '/footerPage/userGuide': 'Hướng dẫn sử dụng',
        '/footerPage/apiPage': 'Open API',
        '/footerPage/about': 'Về chúng tôi',
        '/footerPage/termsOfService': 'Điều khoản dịch vụ',
        '/footerPage/privacyPolicy': 'Chính sách bảo mật',
      },
    },
    tokenListing: (contact) => [
      'Niêm yết token',
      `<p>Để đăng ký niêm yết, hãy gửi tới ${mail(contact)} các thông tin:</p>${list([
        'tên, mã và mô tả ngắn của đồng tiền',
        'chuỗi, địa chỉ hợp đồng và số chữ số thập phân',
        'liên kết tới mã nguồn, báo cáo kiểm toán và trình khám phá khối',
        'các thị trường bạn muốn (ví dụ với USDT)',
      ])}<p>Sàn xem xét mọi đơn đăng ký; niêm yết trên bản demo này miễn phí.</p>`,
    ],
    userGuide: [
      'Hướng dẫn sử dụng',
      steps([
        `${a('/register', 'Đăng ký')} bằng địa chỉ e-mail và mã chúng tôi gửi tới.`,
        `Bảo vệ tài khoản: liên kết Google Authenticator tại ${a('/personal/userManagement', 'Bảo mật tài khoản')}; từ đó đăng nhập sẽ hỏi mã của nó.`,
        `Nạp tiền: trang ${a('/assets/recharge', 'Nạp tiền')} hiển thị địa chỉ của bạn trên từng chuỗi; tiền được ghi có sau số xác nhận của chuỗi.`,
        `Giao dịch trên ${a('/trade/BTC_USDT', 'trang giao dịch')}: lệnh giới hạn theo giá của bạn, lệnh thị trường theo giá tốt nhất trong sổ lệnh. ${a('/footerPage/fees', 'Phí')} được thu trên mỗi lần khớp.`,
        `Theo dõi lệnh đang mở và các lần khớp trực tiếp tại ${a('/order/exchangeOrder', 'Lệnh giao ngay')}.`,
        `Rút tiền tại ${a('/assets/withdraw', 'Rút tiền')}, xác nhận bằng yếu tố thứ hai. Sau khi thay đổi bảo mật, rút tiền bị tạm giữ 24 giờ.`,
      ]),
    ],
  },
};

function feesPage(w: Words['fees'], markets: MarketInput[]): Page {
  const percent = (rate: string) => `${new Big(rate).times(100).toFixed()} %`;
  const rows = markets
    .map((m) => `<tr><td>${m.base}/${m.quote}</td><td>${percent(m.makerFee)}</td><td>${percent(m.takerFee)}</td></tr>`)
    .join('');
  return [
    w.title,
    `<p>${w.intro}</p><table><thead><tr><th>${w.market}</th><th>${w.maker}</th><th>${w.taker}</th></tr></thead><tbody>${rows}</tbody></table><p>${w.note}</p>`,
  ];
}

function siteMapPage(w: Words['siteMap']): Page {
  const items = siteMapRoutes.map((path) => `<li>${a(path, w.links[path] ?? path)}</li>`).join('');
  return [w.title, `<ul>${items}</ul>`];
}

export function demoGuidePages(contact: string, markets: MarketInput[]): CmsPageInput[] {
  return Object.entries(words).flatMap(([lang, w]) => {
    const pages: Record<string, Page> = {
      fees: feesPage(w.fees, markets),
      announcements: w.announcements,
      downoadApp: w.downoadApp,
      // /cms/download, the spec's app download page, says the same.
      download: w.downoadApp,
      press: w.press(contact),
      siteMap: siteMapPage(w.siteMap),
      tokenListing: w.tokenListing(contact),
      userGuide: w.userGuide,
    };
    return Object.entries(pages).map(([key, [title, body]]) => ({ key, lang, title, body }));
  });
}
