/**
 * The demo's other footerPage children (en_US; other languages fall back to it), each a few honest lines; the
 * fees page and the guide pages, in six languages, are in demo-guide-pages.ts.
 */
export function demoPages(companyName: string, contactEmail: string) {
  const pages: Record<string, [string, string]> = {
    about: [
      'About us',
      `<p>${companyName} is a demonstration of Opex, an open-source, self-hosted crypto-asset exchange. Balances here are demo funds with no value.</p>`,
    ],
    bluesparrowToken: ['Exchange token', `<p>${companyName} issues no token of its own.</p>`],
    termsOfService: [
      'Terms of service',
      '<p>This demo is provided as is, without warranty. Accounts and balances may be reset at any time. Do not deposit real assets.</p>',
    ],
    amlKycPolicy: [
      'AML and KYC policy',
      '<p>A production operator must verify the identity of its users and report suspicious activity as the law of its country requires. The demo performs no identity checks.</p>',
    ],
    risk: [
      'Risk warning',
      '<p>Crypto-asset prices are volatile; you can lose all of the money you trade. Leveraged products multiply losses.</p>',
    ],
    community: [
      'Community',
      '<p>Opex is developed in the open. Questions and ideas are welcome in the project tracker.</p>',
    ],
    privacyPolicy: [
      'Privacy policy',
      '<p>We store your e-mail address, a hash of your password, your login history (IP address and browser) and your orders. We share nothing with third parties. The demo may erase all data at any time.</p>',
    ],
    IEO: ['Token sales', '<p>No token sale is running on this exchange.</p>'],
    charity: ['Charity', `<p>${companyName} runs no charity programme.</p>`],
    blueVinci: ['Partners', `<p>${companyName} has no partner programme.</p>`],
    staking: ['Staking', '<p>Staking is not offered on this exchange.</p>'],
    security: [
      'Security',
      '<p>Passwords are hashed with argon2id; sessions live in HttpOnly cookies; every state-changing request is protected against cross-site forgery; logins can require a second factor.</p>',
    ],
    support: [
      'Support',
      `<p>Write to <a href="mailto:${contactEmail}">${contactEmail}</a>; we answer within two working days.</p>`,
    ],
    blog: ['Blog', '<p>News about the exchange is published as notices.</p>'],
    contact: ['Contact', `<p>E-mail: <a href="mailto:${contactEmail}">${contactEmail}</a></p>`],
    marketing: ['Marketing', `<p>For listings and partnerships write to ${contactEmail}.</p>`],
  };
  return Object.entries(pages).map(([key, [title, body]]) => ({ key, lang: 'en_US', title, body }));
}
