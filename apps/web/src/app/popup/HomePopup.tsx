import { homepageElasticLayer } from '@opex/contract/calls/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import { useCallQuery } from '../../api/query.ts';
import { useSession } from '../../api/user.ts';
import { cleanOperatorHtml } from '../../operator-html/operator-html.ts';
import { HomePopupDialog } from '../../ui/dialog/HomePopupDialog.tsx';
import { popupKey, readSeenPopups, rememberPopup, shouldShowPopup } from './popup-rules.ts';

/**
 * The home pop-up (while the operator's index_layer_open is on): the first record passing the rules. Closing or
 * either button remembers it, so a trader who followed its link is not shown it again; a button with a link then
 * goes there. Load failures are ignored (spec §8).
 */
export default function HomePopup() {
  const { t } = useTranslation();
  const { isLogin, ready } = useSession();
  const layerOn = switchOn(usePublicInfo().switch, 'index_layer_open');
  const { data } = useCallQuery(
    homepageElasticLayer,
    { terminalType: '0' },
    { enabled: ready && layerOn, staleTime: 0 },
  );
  const [closed, setClosed] = useState<string[]>([]);
  if (!data) return null;
  const seen = [...readSeenPopups(), ...closed];
  const popup = data;
  if (!shouldShowPopup(popup, Date.now(), isLogin, seen)) return null;
  const dismiss = () => {
    rememberPopup(popup);
    setClosed((c) => [...c, popupKey(popup)]);
  };
  return (
    <HomePopupDialog
      open
      title={popup.activityTitle || t('popup.title')}
      displayType={popup.displayType}
      imageUrl={popup.pictureUrl || popup.picturePath}
      imageText={cleanOperatorHtml(popup.imageText)}
      trustedHtml
      buttonOne={popup.buttonWritingOne}
      buttonTwo={popup.buttonWritingTwo}
      closeLabel={t('common.close')}
      onClose={dismiss}
      onButton={(which) => {
        const url = which === 1 ? popup.buttonUrlOne : popup.buttonUrlTwo;
        dismiss();
        if (url) location.assign(url);
      }}
    />
  );
}
