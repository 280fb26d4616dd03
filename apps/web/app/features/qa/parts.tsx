// The small parts of the 问答 pages: the 达人 badge, an author line, a question card, an answer row of a user's
// list, and the images of a post. User text is escaped: UserText for bodies, React text for titles in links.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_CITY_ID,
  qaTopicLabel,
  superLabelName,
  type QaAnswerRow,
  type QaCard,
  type QaPerson,
} from '@fjt/domain';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { LazyImage } from '../../components/lazy-image/LazyImage.tsx';
import { storedCityId } from '../../lib/city-storage.ts';
import './qa.css';

/** 'YYYY-MM-DD' of an ISO time. */
export const dayOf = (iso: string) => iso.slice(0, 10);

export const nameOf = (p: QaPerson) => p.nickname ?? `用户${String(p.id).slice(-4)}`;

export function SuperBadge({ label }: { label: number }) {
  const name = superLabelName(label);
  if (!name) return null;
  return (
    <span className={`qa-badge qa-badge--${label}`} data-testid="qa-super-badge">
      {name}
    </span>
  );
}

export function Author({
  person,
  label = 0,
  at,
  link = true,
}: {
  person: QaPerson;
  label?: number;
  at?: string;
  link?: boolean;
}) {
  const name = nameOf(person);
  return (
    <span className="qa-author">
      <Avatar avatar={person.avatar} size={24} />
      {link ? (
        <Link className="qa-author__name" to={`/ask/list/${person.id}`}>
          {name}
        </Link>
      ) : (
        <span className="qa-author__name">{name}</span>
      )}
      <SuperBadge label={label} />
      {at ? <span className="qa-author__at">{dayOf(at)}</span> : null}
    </span>
  );
}

export function QuestionCard({
  card,
  cityId,
  showEstate = true,
  children,
  testId = 'qa-card',
}: {
  card: QaCard;
  cityId: number;
  showEstate?: boolean;
  /** Lines under the card's meta (the 达人 queue's status). */
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <li className="qa-card" data-testid={testId}>
      <Link className="qa-card__main" to={`/qa-detail/${card.id}`}>
        <span className="qa-card__title">
          <span className="qa-card__q" aria-hidden="true">
            问
          </span>
          {card.title}
        </span>
        {card.best ? (
          <span className="qa-card__best">
            <SuperBadge label={card.best.superLabel} />
            {card.best.excerpt}
          </span>
        ) : (
          <span className="qa-card__none">暂无回答，快来抢答</span>
        )}
      </Link>
      <p className="qa-card__meta">
        {showEstate && card.estate ? (
          <Link className="qa-card__estate" to={`/${cityId}/qa-list/${card.estate.id}`}>
            {card.estate.name}
          </Link>
        ) : null}
        <span className="qa-card__topic">{qaTopicLabel(card.topic)}</span>
        <span>{card.answerCount}个回答</span>
        <span className="qa-card__asker">{nameOf(card.asker)}</span>
      </p>
      {children}
    </li>
  );
}

export function AnswerRow({ row }: { row: QaAnswerRow }) {
  return (
    <li className="qa-card" data-testid="qa-answer-row">
      <Link className="qa-card__main" to={`/qa-detail/${row.questionId}`}>
        <span className="qa-card__title">
          <span className="qa-card__q" aria-hidden="true">
            问
          </span>
          {row.questionTitle}
        </span>
        <span className="qa-card__best">
          <SuperBadge label={row.superLabel} />
          {row.body}
        </span>
      </Link>
      <p className="qa-card__meta">
        {row.estate ? <span className="qa-card__estate">{row.estate.name}</span> : null}
        <span>{row.likeCount}赞</span>
        {row.adopted ? <span className="qa-card__adopted">已采纳</span> : null}
        <span>{dayOf(row.createdAt)}</span>
      </p>
    </li>
  );
}

export function PostImages({ images }: { images: readonly string[] }) {
  if (images.length === 0) return null;
  return (
    <div className="qa-images">
      {images.map((src) => (
        <a key={src} href={src} target="_blank" rel="noreferrer" className="qa-images__item">
          <LazyImage src={src} width={240} alt="图片" />
        </a>
      ))}
    </div>
  );
}

/** The city of a page without /{city} in its path: the visit's (browser storage), else the default. */
export function useQaCity(): number {
  const [cityId, setCityId] = useState(DEFAULT_CITY_ID);
  useEffect(() => setCityId(storedCityId() || DEFAULT_CITY_ID), []);
  return cityId;
}
