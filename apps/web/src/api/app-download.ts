import type { CallReply } from '@opex/contract/call';
import { appDownload } from '@opex/contract/calls/common';
import { useCallQuery } from './query.ts';

export type AppDownloadInfo = CallReply<typeof appDownload>;

/** common/app_download: loaded at start-up; failures leave the download entries out. */
export function useAppDownload() {
  return useCallQuery(appDownload, {}, { staleTime: Number.POSITIVE_INFINITY });
}
