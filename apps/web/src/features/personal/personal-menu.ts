import type { SectionMenu } from '../../section-menus/SectionMenuLayout.tsx';

/**
 * The account section's side menu: each entry with the /personal pages it also stands for, so a sub-page
 * (changeEmail) lights its entry (userManagement). The invite entry shows only when the invite switch is on.
 */
export const personalMenu: SectionMenu = {
  base: '/personal',
  labelKey: 'title.personal',
  textKeys: 'personal.menu',
  entries: [
    {
      id: 'userManagement',
      alsoFor: /^(changePassword|bindEmail|changeEmail|bindPhone|changePhone|bindGoogle|closeGoogle|closePhone)$/,
    },
    { id: 'idAuth', alsoFor: /^kycAuth$/ },
    { id: 'apiManagement', alsoFor: /^checkApi$/ },
    { id: 'inviteCodeManagement', switch: 'is_invite_open' },
    { id: 'leaglTenderSet' },
    { id: 'setUp', alsoFor: /^modifySettings$/ },
    { id: 'safetyRecord' },
  ],
};
