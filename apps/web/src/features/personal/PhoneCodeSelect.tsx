import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { countryNamer, phoneCodes } from './phone-codes.ts';
import { SelectField } from './SelectField.tsx';

/** The country-code picker: the phone-code list minus the restricted countries, searchable by name or code. */
export function PhoneCodeSelect({
  country,
  onChange,
  label,
}: {
  country: string | undefined;
  onChange: (pick: { country: string; callingCode: string }) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const info = usePublicInfo();
  const language = currentLanguage();
  const codes = useMemo(() => phoneCodes(info.limitCountryList, countryNamer(language)), [info, language]);
  return (
    <SelectField
      label={label}
      value={country}
      options={codes.map((c) => ({ code: c.country, value: `${c.name} +${c.callingCode}` }))}
      onChange={(option) => {
        const pick = codes.find((c) => c.country === option.code);
        if (pick) onChange({ country: pick.country, callingCode: pick.callingCode });
      }}
      searchable
      searchLabel={t('personal.phone.search')}
      noDataText={t('common.noData')}
      placeholder={t('auth.countryCode')}
    />
  );
}
