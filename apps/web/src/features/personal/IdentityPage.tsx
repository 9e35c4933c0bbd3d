import type { CallReply } from '@opex/contract/call';
import { authRealname, KycStatus, kycConfig } from '@opex/contract/calls/security';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { usePublicInfo } from '../../api/common.ts';
import { useCallQuery } from '../../api/query.ts';
import { uploadImage } from '../../api/upload.ts';
import type { UserInfo } from '../../api/user.ts';
import { FormError, useFormSubmission } from '../../forms/form-submission.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import { ImageUpload } from '../../ui/image-upload/ImageUpload.tsx';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Spinner } from '../../ui/spinner/Spinner.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { PersonalLayout } from './PersonalLayout.tsx';
import { PhoneCodeSelect } from './PhoneCodeSelect.tsx';
import styles from './personal.module.css';
import { defaultPhoneCountry } from './phone-codes.ts';
import { SelectField } from './SelectField.tsx';
import { useRefreshUser } from './useRefreshUser.ts';

/**
 * /personal/idAuth and kycAuth: real-name verification (user/v4/auth_realname) in the form kyc/config describes
 * (nameVerifiedType): '10' with three document images uploaded through common/upload_img, reviewed by the operator;
 * '02' the document's details only, verified at once. Only the document types the operator accepts are offered.
 * Pending and approved submissions show their state instead.
 */
type KycForm = CallReply<typeof kycConfig>;
const photos = ['firstPhoto', 'secondPhoto', 'thirdPhoto'] as const;
type Photo = (typeof photos)[number];

/** The stored file's name, what the submission carries: the last segment of its address (base_image_url + filename). */
function storedFilename(address: string | undefined): string {
  return address?.slice(address.lastIndexOf('/') + 1) ?? '';
}

export default function IdentityPage() {
  const { t } = useTranslation();
  return (
    <PersonalLayout title={t('personal.kyc.title')}>
      {(user) => {
        if (user.authLevel === KycStatus.pending || user.authLevel === KycStatus.approved) {
          return (
            <section className={blocks.panel}>
              <p className={blocks.sectionTitle}>{t(`personal.kyc.status.${user.authLevel}`)}</p>
              <p className={blocks.hint}>
                {user.authLevel === KycStatus.approved
                  ? t('personal.kyc.approvedNote', { name: user.realName })
                  : t('personal.kyc.pendingNote')}
              </p>
            </section>
          );
        }
        return <IdentityFormLoader user={user} />;
      }}
    </PersonalLayout>
  );
}

function IdentityFormLoader({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const form = useCallQuery(kycConfig, {}, { staleTime: 60_000 });
  if (form.isError) return <p className={blocks.error}>{errorText(t, form.error)}</p>;
  if (!form.data) return <Spinner label={t('common.loading')} />;
  return <IdentityForm user={user} form={form.data} />;
}

function IdentityForm({ user, form }: { user: UserInfo; form: KycForm }) {
  const { t } = useTranslation();
  const toast = useToast();
  const info = usePublicInfo();
  const refresh = useRefreshUser();
  const [country, setCountry] = useState(() =>
    defaultPhoneCountry(info.msg.default_country_code, info.limitCountryList),
  );
  const [realName, setRealName] = useState('');
  const [certificateType, setCertificateType] = useState<string>(String(form.certificateTypes[0] ?? 1));
  const [certificateNumber, setCertificateNumber] = useState('');
  const [images, setImages] = useState<Partial<Record<Photo, string>>>({});
  const { touched, busy, error, submitWith } = useFormSubmission();
  const complete = !form.photosRequired || photos.every((photo) => images[photo]);
  const auto = form.review === 'auto';
  const valid = realName.trim() !== '' && certificateNumber.trim() !== '' && country !== undefined && complete;

  const submit = submitWith(valid, async () => {
    if (!country) return;
    await invoke(authRealname, {
      realName: realName.trim(),
      countryCode: country.callingCode,
      certificateType: Number(certificateType),
      certificateNumber: certificateNumber.trim(),
      ...(form.photosRequired
        ? {
            firstPhoto: storedFilename(images.firstPhoto),
            secondPhoto: storedFilename(images.secondPhoto),
            thirdPhoto: storedFilename(images.thirdPhoto),
          }
        : {}),
    });
    await refresh();
    toast.success(t(auto ? 'personal.kyc.verified' : 'personal.kyc.submitted'));
  });

  return (
    <form className={blocks.panel} onSubmit={submit} noValidate>
      {user.authLevel === KycStatus.rejected && (
        <p className={blocks.banner} role="status">
          {t('personal.kyc.rejectedNote')}
        </p>
      )}
      <div className={styles.form}>
        <PhoneCodeSelect country={country?.country} onChange={setCountry} label={t('personal.kyc.country')} />
        <TextInput
          label={t('personal.kyc.realName')}
          value={realName}
          onChange={setRealName}
          maxLength={100}
          autoComplete="name"
          error={touched && realName.trim() === ''}
          errorText={t('validation.required')}
        />
        <SelectField
          label={t('personal.kyc.certificateType')}
          value={certificateType}
          options={form.certificateTypes.map((type) => ({
            code: String(type),
            value: t(`personal.kyc.certificate.${type}`),
          }))}
          onChange={(option) => setCertificateType(option.code)}
        />
        <TextInput
          label={t('personal.kyc.certificateNumber')}
          value={certificateNumber}
          onChange={setCertificateNumber}
          maxLength={50}
          stripSpaces
          error={touched && certificateNumber.trim() === ''}
          errorText={t('validation.required')}
        />
      </div>
      {form.photosRequired ? (
        <>
          <div className={styles.uploads}>
            {photos.map((photo) => (
              <div key={photo} className={styles.upload}>
                <span>{t(`personal.kyc.photo.${photo}`)}</span>
                <ImageUpload
                  label={t(`personal.kyc.photo.${photo}`)}
                  value={images[photo] ?? ''}
                  onChange={(address) => setImages((current) => ({ ...current, [photo]: address }))}
                  upload={async (file, onProgress) => (await uploadImage(file, onProgress)).filenameStr}
                  onReject={(rejection) =>
                    toast.error(rejection.code === 'maxSize' ? t('error.10008') : t('error.10009'))
                  }
                  uploadingText={t('personal.kyc.uploading')}
                />
              </div>
            ))}
          </div>
          <p className={blocks.hint}>
            {t('personal.kyc.photoRules')} {t('personal.kyc.manualNote')}
          </p>
          {touched && !complete && <p className={blocks.error}>{t('personal.kyc.photosMissing')}</p>}
        </>
      ) : (
        <p className={blocks.hint}>{t('personal.kyc.autoNote')}</p>
      )}
      <FormError text={error} />
      <span>
        <Button type="submit" loading={busy}>
          {t(auto ? 'personal.kyc.submitAuto' : 'personal.kyc.submit')}
        </Button>
      </span>
    </form>
  );
}
