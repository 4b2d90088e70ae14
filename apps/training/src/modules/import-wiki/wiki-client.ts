import { Injectable } from '@nestjs/common';
import { UnprocessableError } from '@sports/common';

export interface WikiPageRef {
  page_id: number;
  title: string;
}

export interface WikiPage extends WikiPageRef {
  revision_id: number | null;
  content: string;
}

const TIMEOUT_MS = 15000;
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * Hosts the service may call for wiki imports, from `WIKI_ALLOWED_HOSTS` (comma-separated
 * `host` or `host:port`). Empty (the default) allows none: an import endpoint that fetches
 * arbitrary URLs would let any caller make the service reach internal addresses (SSRF), so
 * operators name the wikis they trust explicitly. Loopback is allowed only when listed.
 */
export function allowedWikiHosts(hosts: string[]): Set<string> {
  return new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** Validates a MediaWiki API URL: http(s), no credentials, host on the allow-list. */
export function checkWikiUrl(raw: string, allowed: Set<string>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnprocessableError('api_url is not a URL.', 'INVALID_WIKI_URL', {
      errors: [{ path: 'api_url', message: 'not a URL' }],
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnprocessableError('Only http and https wiki URLs are allowed.', 'INVALID_WIKI_URL', {
      errors: [{ path: 'api_url', message: 'must be http or https' }],
    });
  }
  if (url.username || url.password) {
    throw new UnprocessableError('Wiki URLs must not carry credentials.', 'INVALID_WIKI_URL', {
      errors: [{ path: 'api_url', message: 'must not contain credentials' }],
    });
  }
  const host = url.hostname.toLowerCase();
  if (!allowed.has(host) && !allowed.has(url.host.toLowerCase())) {
    throw new UnprocessableError(
      `The wiki host ${url.host} is not in WIKI_ALLOWED_HOSTS.`,
      'WIKI_HOST_NOT_ALLOWED',
      { errors: [{ path: 'api_url', message: 'host not allowed' }] },
    );
  }
  url.search = '';
  url.hash = '';
  return url;
}

/** A small MediaWiki Action API client (action=query, formatversion=2). */
@Injectable()
export class WikiClient {
  private async query(api: URL, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(api.toString());
    for (const [k, v] of Object.entries({
      action: 'query',
      format: 'json',
      formatversion: '2',
      ...params,
    })) {
      url.searchParams.set(k, v);
    }
    let res: Response;
    try {
      // Redirects are not followed: a redirect could point to a host outside the allow-list.
      res = await fetch(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { 'User-Agent': 'training-service-wiki-import/1.0', Accept: 'application/json' },
      });
    } catch (e) {
      throw new UnprocessableError(
        `The wiki did not answer: ${(e as Error).message}`,
        'WIKI_UNREACHABLE',
      );
    }
    const length = Number(res.headers.get('content-length') ?? 0);
    if (!res.ok || length > MAX_BYTES) {
      throw new UnprocessableError(`The wiki answered ${res.status}.`, 'WIKI_BAD_RESPONSE');
    }
    const text = await res.text();
    if (text.length > MAX_BYTES)
      throw new UnprocessableError('The wiki answer is too large.', 'WIKI_BAD_RESPONSE');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new UnprocessableError('The wiki did not answer JSON.', 'WIKI_BAD_RESPONSE');
    }
    if (body.error) {
      throw new UnprocessableError(
        `The wiki reported an error: ${JSON.stringify(body.error).slice(0, 300)}`,
        'WIKI_BAD_RESPONSE',
      );
    }
    return body;
  }

  /** Pages (namespace 0) of a category, following `continue` up to `limit` pages. */
  async categoryMembers(api: URL, category: string, limit: number): Promise<WikiPageRef[]> {
    const title = /^(Category|Kategorie):/i.test(category) ? category : `Category:${category}`;
    const out: WikiPageRef[] = [];
    let cont: string | undefined;
    do {
      const body = await this.query(api, {
        list: 'categorymembers',
        cmtitle: title,
        cmtype: 'page',
        cmlimit: String(Math.min(500, limit - out.length)),
        ...(cont ? { cmcontinue: cont } : {}),
      });
      const members =
        (body.query as { categorymembers?: { pageid: number; title: string }[] })
          ?.categorymembers ?? [];
      for (const m of members) out.push({ page_id: Number(m.pageid), title: String(m.title) });
      cont = (body.continue as { cmcontinue?: string } | undefined)?.cmcontinue;
    } while (cont && out.length < limit);
    return out.slice(0, limit);
  }

  /** Current wikitext of the pages (main slot), in batches of 50. Missing pages are left out. */
  async pages(api: URL, pageIds: number[]): Promise<WikiPage[]> {
    const out: WikiPage[] = [];
    for (let i = 0; i < pageIds.length; i += 50) {
      const body = await this.query(api, {
        prop: 'revisions',
        rvprop: 'content|ids',
        rvslots: 'main',
        pageids: pageIds.slice(i, i + 50).join('|'),
      });
      const pages = (body.query as { pages?: unknown[] })?.pages ?? [];
      for (const p of pages as {
        pageid?: number;
        title?: string;
        missing?: boolean;
        revisions?: { revid?: number; slots?: { main?: { content?: string } } }[];
      }[]) {
        if (p.missing || p.pageid === undefined) continue;
        const rev = p.revisions?.[0];
        out.push({
          page_id: Number(p.pageid),
          title: String(p.title ?? ''),
          revision_id: rev?.revid ?? null,
          content: rev?.slots?.main?.content ?? '',
        });
      }
    }
    return out;
  }
}
