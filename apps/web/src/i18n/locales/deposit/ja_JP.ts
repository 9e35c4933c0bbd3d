import type { deposit as english } from './en_US.ts';

export const deposit: typeof english = {
  title: '入金',
  history: '資金履歴',
  noCoins: '入金できる通貨はまだありません。',
  coin: '通貨',
  chain: 'ネットワーク',
  address: '入金アドレス',
  qrLabel: '{{chain}} の {{coin}} 入金アドレスの QR コード',
  copy: 'コピー',
  copied: 'コピーしました',
  copyAddress: 'アドレスをコピー',
  copyMemo: 'メモをコピー',
  memo: 'メモ（タグ）',
  memoWarning: 'アドレスと一緒にメモを必ず送ってください。このメモのない {{coin}} の入金は口座に反映できません。',
  minimum: '最小入金額',
  confirmations: '必要な承認数',
  confirmationsValue: '{{n}} ブロック',
  onlyThis:
    'このアドレスには {{chain}} の {{coin}} だけを送ってください。他の通貨やネットワークは失われる場合があります。',
  closed: '{{coin}} の入金は現在停止しています。',
  generating: 'アドレスを準備しています',
  failed: '入金アドレスを作成できませんでした：{{reason}}',
  failure: {
    no_xpub: '取引所がこのネットワークをまだ設定していません。',
    bad_xpub: '取引所がこのネットワークに設定した鍵が無効です。',
    private_key: '取引所のこのネットワークの設定に誤りがあります。',
    bad_index: 'このアカウントのアドレスは作成できません。',
  },
  notesTitle: '入金の前に',
  note1: '{{chain}} の {{coin}} だけを送ってください。他のネットワークでの入金は反映できません。',
  note2: '入金は {{n}} 承認の後に反映されます。下の表で承認数を確認できます。',
  note3: '{{min}} {{coin}} 未満の入金は記録されますが、反映されません。',
  state: {
    pending: 'ブロック待ち',
    confirming: '承認中',
    crediting: '反映中',
    credited: '反映済み',
    below_minimum: '最小額未満',
    orphaned: 'チェーンから除外',
  },
  records: {
    title: '入金履歴',
    time: '日時',
    amount: '数量',
    tx: 'ネットワーク / 取引',
    confirmations: '承認数',
    state: '状態',
    none: '入金はまだありません',
  },
};

export const depositErrors = {
  '65001': 'この通貨の入金は停止しています。',
  '65002': 'この通貨はこのネットワークで入金できません。',
};
