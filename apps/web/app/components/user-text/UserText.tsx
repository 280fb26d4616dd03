// What a user wrote (a question, an answer, a review, a note, a report), shown as the plain text it is stored as
// (issue 17, Safety): React escapes every character, so a <script>, an onerror= or a javascript: link stays words
// on the page. Line breaks are kept, and http(s) links and www. addresses (linkify-it) become links that open in a
// new tab without the opener; nothing else — not mailto:, not javascript:, not data: — is ever made a link.
import { LinkifyIt } from 'linkify-it';
import { Fragment, type ReactNode } from 'react';
import './user-text.css';

let linkify: LinkifyIt | null = null;
const finder = () => (linkify ??= new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false }));

const SAFE = /^https?:\/\//i;

/** Pieces of one line: text, and links whose target is http(s). */
export function linkPieces(line: string): ({ text: string } | { text: string; href: string })[] {
  const matches = finder().match(line) ?? [];
  const pieces: ({ text: string } | { text: string; href: string })[] = [];
  let at = 0;
  for (const m of matches) {
    if (!SAFE.test(m.url)) continue;
    if (m.index > at) pieces.push({ text: line.slice(at, m.index) });
    pieces.push({ text: m.raw, href: m.url });
    at = m.lastIndex;
  }
  if (at < line.length) pieces.push({ text: line.slice(at) });
  return pieces;
}

export function UserText({
  text,
  className,
  clamp,
  testId,
}: {
  text: string;
  className?: string;
  /** Show at most this many lines (CSS line clamp), e.g. an excerpt in a list. */
  clamp?: number;
  testId?: string;
}): ReactNode {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <div
      className={`user-text${clamp ? ' user-text--clamp' : ''}${className ? ` ${className}` : ''}`}
      style={clamp ? { WebkitLineClamp: clamp } : undefined}
      data-testid={testId}
    >
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {linkPieces(line).map((p, j) =>
            'href' in p ? (
              <a key={j} href={p.href} target="_blank" rel="noopener noreferrer nofollow ugc">
                {p.text}
              </a>
            ) : (
              <Fragment key={j}>{p.text}</Fragment>
            ),
          )}
        </Fragment>
      ))}
    </div>
  );
}
