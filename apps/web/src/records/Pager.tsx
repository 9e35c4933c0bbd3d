import { useTranslation } from 'react-i18next';
import { paginationText } from '../i18n/control-text.ts';
import { Pagination, type PaginationProps } from '../ui/pagination/Pagination.tsx';

/** The design system's pagination in the user's language. */
export function Pager(props: Pick<PaginationProps, 'page' | 'total' | 'pageSize' | 'onPageChange'>) {
  const { t } = useTranslation();
  return <Pagination {...props} {...paginationText(t)} />;
}
