import { cmsInfo, footerList } from '@opex/contract/calls/cms';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { findCmsPage } from '../../content/cms-pages.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { listFooterLinks } from './footer-links.ts';

/** cms/footer/list and cms/info. */
export async function registerCms(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  bindCall(app, services, footerList, async (_input, ctx) => listFooterLinks(db, ctx.lang));
  bindCall(app, services, cmsInfo, async ({ key }, ctx) => {
    const page = await findCmsPage(db, key, ctx.lang);
    if (!page) throw new CallError(ErrorCode.pageNotFound);
    return { key: page.page_key, lang: page.lang, title: page.title, content: page.body, mtime: page.updated_at };
  });
}
