// Model output as Markdown, rendered to React elements from the tokens of marked's lexer: no
// HTML string is ever put into the page. Raw HTML in the text stays visible text, images show
// their alt text (no request to a URL a model wrote), links are kept for http, https and
// mailto only. Loaded on demand (lazy), so opening the editor does not fetch it.
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The href when it is an absolute http(s) or mailto URL; null for anything else. */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function inline(tokens: Token[] | undefined): ReactNode {
  return (tokens ?? []).map((t, i) => <Fragment key={i}>{inlineToken(t)}</Fragment>);
}

function inlineToken(token: Token): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong>{inline(token.tokens)}</strong>;
    case 'em':
      return <em>{inline(token.tokens)}</em>;
    case 'del':
      return <del>{inline(token.tokens)}</del>;
    case 'codespan':
      return <code>{token.text}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const href = safeHref(token.href);
      if (!href) return inline(token.tokens);
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {inline(token.tokens)}
        </a>
      );
    }
    case 'image':
      return token.text;
    case 'text':
      return token.tokens ? inline(token.tokens) : token.text;
    default:
      // escape, html (shown as the text it is) and anything unknown: its text.
      return 'text' in token ? String(token.text) : token.raw;
  }
}

function block(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(3, token.depth + 2))}` as 'h3';
      return <Tag key={key}>{inline(token.tokens)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inline(token.tokens)}</p>;
    case 'code':
      return (
        <pre key={key}>
          <code>{token.text}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote key={key}>{blocks(token.tokens)}</blockquote>;
    case 'hr':
      return <hr key={key} />;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, i) => <li key={i}>{blocks(item.tokens)}</li>);
      return list.ordered ? (
        <ol key={key} start={typeof list.start === 'number' ? list.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'table': {
      const table = token as Tokens.Table;
      return (
        <table key={key}>
          <thead>
            <tr>
              {table.header.map((cell, i) => (
                <th key={i}>{inline(cell.tokens)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) => (
                  <td key={i}>{inline(cell.tokens)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'text':
      // A tight list item's text: inline content without a paragraph.
      return <Fragment key={key}>{token.tokens ? inline(token.tokens) : token.text}</Fragment>;
    default:
      // html blocks and anything unknown: the source as text.
      return <p key={key}>{token.raw}</p>;
  }
}

function blocks(tokens: Token[] | undefined): ReactNode {
  return (tokens ?? []).map(block);
}

export default function Markdown({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="markdown text" data-testid={testId}>
      {blocks(Lexer.lex(text))}
    </div>
  );
}
