/**
 * The account section's side menu: each entry with the /personal pages it stands for, so a sub-page (changeEmail)
 * lights its entry (userManagement). The invite entry shows only when the invite switch is on.
 */
export interface PersonalMenuEntry {
  id: string;
  pages: readonly string[];
  switch?: string;
}

export const personalMenu: readonly PersonalMenuEntry[] = [
  {
    id: 'userManagement',
    pages: [
      'userManagement',
      'changePassword',
      'bindEmail',
      'changeEmail',
      'bindPhone',
      'changePhone',
      'bindGoogle',
      'closeGoogle',
      'closePhone',
    ],
  },
  { id: 'idAuth', pages: ['idAuth', 'kycAuth'] },
  { id: 'apiManagement', pages: ['apiManagement', 'checkApi'] },
  { id: 'inviteCodeManagement', pages: ['inviteCodeManagement'], switch: 'is_invite_open' },
  { id: 'leaglTenderSet', pages: ['leaglTenderSet'] },
  { id: 'setUp', pages: ['setUp', 'modifySettings'] },
  { id: 'safetyRecord', pages: ['safetyRecord'] },
];

/** The entry lit for a path such as /personal/changeEmail (the base path already stripped). */
export function activeMenuId(pathname: string): string | undefined {
  const page = /\/personal\/([^/?#]+)/.exec(pathname)?.[1];
  return personalMenu.find((entry) => entry.pages.includes(page ?? ''))?.id;
}
