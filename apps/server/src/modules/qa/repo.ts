// SQL of 问答: question cards (with the best answer: adopted first, then the most liked), a question's answers in
// 推荐 order, the routing of a new question to the estate's 达人 and agents, likes and follows kept in step with their
// counts, and a user's Q&A profile. Only visible posts reach the public; a user's own lists also show hidden ones.
import { isoText, queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import { QA_EXCERPT_MAX, QA_ROUTE_AGENTS, type QaAnswer, type QaAnswerRow, type QaCard, type QaTab } from '@fjt/domain';
import { estateFiguresColumns, estateFiguresJoins, type EstateFiguresSqlRow } from '../../lib/estate-figures.ts';

interface CardSqlRow {
  id: number;
  cityId: number;
  title: string;
  topic: string;
  answerCount: number;
  followCount: number;
  createdAt: string;
  activeAt: string;
  estateId: number | null;
  estateName: string | null;
  askerId: number;
  askerNickname: string | null;
  askerAvatar: string | null;
  bestBody: string | null;
  bestLabel: number | null;
  bestLikes: number | null;
}

export interface QuestionRow {
  id: number;
  cityId: number;
  estateId: number | null;
  userId: number;
  status: string;
  title: string;
}

/** The title of the notice a 达人 gets for a question routed to them. */
export const QA_ROUTED_TITLE = '有新问题邀请你回答';

const label = (n: number | null | undefined): 0 | 1 | 2 => (n === 1 || n === 2 ? n : 0);

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QA_EXCERPT_MAX ? `${flat.slice(0, QA_EXCERPT_MAX)}…` : flat;
};

export const toCard = (r: CardSqlRow): QaCard => ({
  id: r.id,
  cityId: r.cityId,
  title: r.title,
  topic: r.topic,
  estate: r.estateId !== null && r.estateName !== null ? { id: r.estateId, name: r.estateName } : null,
  answerCount: r.answerCount,
  followCount: r.followCount,
  createdAt: r.createdAt,
  activeAt: r.activeAt,
  asker: { id: r.askerId, nickname: r.askerNickname, avatar: r.askerAvatar },
  best:
    r.bestBody === null
      ? null
      : { excerpt: excerpt(r.bestBody), superLabel: label(r.bestLabel), likeCount: r.bestLikes ?? 0 },
});

const cardColumns = sql`q.id::int AS id, q.city_id AS "cityId", q.title, q.topic, q.answer_count AS "answerCount",
  q.follow_count AS "followCount", ${isoText('q.created_at')} AS "createdAt", ${isoText('q.active_at')} AS "activeAt",
  e.id AS "estateId", e.name AS "estateName", q.user_id AS "askerId", u.nickname AS "askerNickname",
  u.avatar AS "askerAvatar", b.body AS "bestBody", b.super_label AS "bestLabel", b.like_count AS "bestLikes"`;

const cardJoins = sql`LEFT JOIN estate e ON e.id = q.estate_id
  LEFT JOIN users u ON u.id = q.user_id AND u.deleted_at IS NULL
  LEFT JOIN LATERAL (SELECT a.body, a.super_label, a.like_count FROM answer a
                     WHERE a.question_id = q.id AND a.status = 'visible'
                     ORDER BY a.adopted DESC, a.like_count DESC, a.created_at ASC, a.id ASC LIMIT 1) b ON true`;

const ORDER: Record<QaTab, SQL> = {
  hot: sql`q.answer_count DESC, q.follow_count DESC, q.active_at DESC, q.id DESC`,
  new: sql`q.created_at DESC, q.id DESC`,
  unanswered: sql`q.created_at DESC, q.id DESC`,
};

const answerColumns = sql`a.id::int AS id, a.question_id::int AS "questionId", a.body, a.images,
  a.like_count AS "likeCount", a.adopted, a.super_label AS "superLabel", a.agent_id AS "agentId",
  ${isoText('a.created_at')} AS "createdAt",
  CASE WHEN a.updated_at IS NULL THEN NULL ELSE ${isoText('a.updated_at')} END AS "updatedAt",
  a.user_id AS "userId", u.nickname, u.avatar`;

interface AnswerSqlRow extends Omit<QaAnswer, 'user' | 'superLabel'> {
  superLabel: number;
  userId: number;
  nickname: string | null;
  avatar: string | null;
}

const toAnswer = ({ userId, nickname, avatar, superLabel, ...r }: AnswerSqlRow): QaAnswer => ({
  ...r,
  superLabel: label(superLabel),
  user: { id: userId, nickname, avatar },
});

interface AnswerListSqlRow extends Omit<QaAnswerRow, 'estate' | 'superLabel'> {
  superLabel: number;
  estateId: number | null;
  estateName: string | null;
}

const toAnswerRow = ({ estateId, estateName, superLabel, ...r }: AnswerListSqlRow): QaAnswerRow => ({
  ...r,
  body: excerpt(r.body),
  superLabel: label(superLabel),
  estate: estateId !== null && estateName !== null ? { id: estateId, name: estateName } : null,
});

export function createQaRepo(db: Database) {
  const cardPage = async (where: SQL, orderBy: SQL, page: number, size: number) => {
    const { total, rows } = await queryPage<CardSqlRow>(db, {
      select: cardColumns,
      from: sql`FROM question q ${cardJoins} WHERE ${where}`,
      orderBy,
      page,
      size,
    });
    return { total, list: rows.map(toCard) };
  };

  const answerPage = async (where: SQL, page: number, size: number) => {
    const { total, rows } = await queryPage<AnswerListSqlRow>(db, {
      select: sql`a.id::int AS id, a.question_id::int AS "questionId", q.title AS "questionTitle",
        q.city_id AS "cityId", a.body, a.like_count AS "likeCount", a.adopted, a.super_label AS "superLabel",
        ${isoText('a.created_at')} AS "createdAt", e.id AS "estateId", e.name AS "estateName"`,
      from: sql`FROM answer a JOIN question q ON q.id = a.question_id LEFT JOIN estate e ON e.id = q.estate_id
        WHERE ${where}`,
      orderBy: sql`a.created_at DESC, a.id DESC`,
      page,
      size,
    });
    return { total, list: rows.map(toAnswerRow) };
  };

  return {
    async cityExists(cityId: number) {
      return (await queryRows(db, sql`SELECT 1 FROM city WHERE id = ${cityId}`)).length > 0;
    },

    async estateInCity(estateId: number, cityId: number) {
      const [row] = await queryRows<{ id: number; name: string }>(
        db,
        sql`SELECT id, name FROM estate WHERE id = ${estateId} AND city_id = ${cityId}`,
      );
      return row ?? null;
    },

    list(
      q: { cityId: number; estateId?: number | undefined; tab: QaTab; topic?: string | undefined },
      page: number,
      size: number,
    ) {
      const conditions = [sql`q.city_id = ${q.cityId}`, sql`q.status = 'visible'`];
      if (q.estateId !== undefined) conditions.push(sql`q.estate_id = ${q.estateId}`);
      if (q.topic !== undefined) conditions.push(sql`q.topic = ${q.topic}`);
      if (q.tab === 'unanswered') conditions.push(sql`q.answer_count = 0`);
      return cardPage(sql.join(conditions, sql` AND `), ORDER[q.tab], page, size);
    },

    async question(id: number, tx: Database = db): Promise<QuestionRow | null> {
      const [row] = await queryRows<QuestionRow>(
        tx,
        sql`SELECT id::int AS id, city_id AS "cityId", estate_id AS "estateId", user_id AS "userId", status, title
            FROM question WHERE id = ${id}`,
      );
      return row ?? null;
    },

    async questionDetail(id: number) {
      const [row] = await queryRows<CardSqlRow & { body: string; images: string[] }>(
        db,
        sql`SELECT ${cardColumns}, q.body, q.images FROM question q ${cardJoins}
            WHERE q.id = ${id} AND q.status = 'visible'`,
      );
      return row ?? null;
    },

    /** 推荐 order: adopted, likes, super label, newest. */
    async answersOf(questionId: number, limit: number) {
      const rows = await queryRows<AnswerSqlRow>(
        db,
        sql`SELECT ${answerColumns} FROM answer a LEFT JOIN users u ON u.id = a.user_id AND u.deleted_at IS NULL
            WHERE a.question_id = ${questionId} AND a.status = 'visible'
            ORDER BY a.adopted DESC, a.like_count DESC, a.super_label DESC, a.created_at DESC, a.id DESC
            LIMIT ${limit}`,
      );
      return rows.map(toAnswer);
    },

    /** Other visible questions on the same estate, else the same topic in the city. */
    related(q: { id: number; cityId: number; estateId: number | null; topic: string }, limit: number) {
      return queryRows<{ id: number; title: string; answerCount: number }>(
        db,
        sql`SELECT q.id::int AS id, q.title, q.answer_count AS "answerCount" FROM question q
            WHERE q.city_id = ${q.cityId} AND q.status = 'visible' AND q.id <> ${q.id}
              AND (${q.estateId === null ? sql`false` : sql`q.estate_id = ${q.estateId}`} OR q.topic = ${q.topic})
            ORDER BY ${q.estateId === null ? sql`` : sql`(q.estate_id = ${q.estateId})::int DESC,`}
                     q.answer_count DESC, q.created_at DESC
            LIMIT ${limit}`,
      );
    },

    async estateCard(estateId: number) {
      const [row] = await queryRows<EstateFiguresSqlRow>(
        db,
        sql`SELECT ${estateFiguresColumns} FROM (SELECT ${estateId}::int AS target_id) s ${estateFiguresJoins}`,
      );
      return row ?? null;
    },

    async insertQuestion(
      tx: Database,
      q: {
        cityId: number;
        estateId: number | null;
        userId: number;
        topic: string;
        title: string;
        body: string;
        images: string[];
        flagged: boolean;
      },
    ) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO question (city_id, estate_id, user_id, topic, title, body, images, flagged)
            VALUES (${q.cityId}, ${q.estateId}, ${q.userId}, ${q.topic}, ${q.title}, ${q.body},
                    ${JSON.stringify(q.images)}::jsonb, ${q.flagged})
            RETURNING id::int AS id`,
      );
      return row!.id;
    },

    /**
     * Routes a question on an estate to its 达人 (not the asker) and a few of its agents; each 达人 is told in the
     * message centre (qa_routed).
     */
    async route(tx: Database, questionId: number, estateId: number, askerId: number, title: string) {
      await tx.execute(
        sql`INSERT INTO question_route (question_id, kind, target_id)
            SELECT ${questionId}, 'super', s.user_id FROM super_answerer_estate s
            JOIN user_label l ON l.user_id = s.user_id
            WHERE s.estate_id = ${estateId} AND s.user_id <> ${askerId}
            ON CONFLICT DO NOTHING`,
      );
      await tx.execute(
        sql`INSERT INTO question_route (question_id, kind, target_id)
            SELECT ${questionId}, 'agent', ae.agent_id FROM agent_estate ae
            WHERE ae.estate_id = ${estateId} ORDER BY ae.agent_id LIMIT ${QA_ROUTE_AGENTS}
            ON CONFLICT DO NOTHING`,
      );
      await tx.execute(
        sql`INSERT INTO messages (user_id, kind, estate_id, title, content, link, dedupe_key)
            SELECT r.target_id, 'qa_routed', ${estateId}, ${QA_ROUTED_TITLE}, ${title}, ${`/ask/v2/${questionId}`},
                   ${`qa_routed:${questionId}`}
            FROM question_route r WHERE r.question_id = ${questionId} AND r.kind = 'super'
            ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
      );
    },

    async labelOf(userId: number, tx: Database = db): Promise<0 | 1 | 2> {
      const [row] = await queryRows<{ label: number }>(
        tx,
        sql`SELECT l.label FROM user_label l JOIN users u ON u.id = l.user_id AND u.deleted_at IS NULL
            WHERE l.user_id = ${userId}`,
      );
      return label(row?.label);
    },

    async insertAnswer(
      tx: Database,
      a: { questionId: number; userId: number; superLabel: number; body: string; images: string[]; flagged: boolean },
    ) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO answer (question_id, user_id, super_label, body, images, flagged)
            VALUES (${a.questionId}, ${a.userId}, ${a.superLabel}, ${a.body}, ${JSON.stringify(a.images)}::jsonb,
                    ${a.flagged})
            RETURNING id::int AS id`,
      );
      await tx.execute(
        sql`UPDATE question SET answer_count = answer_count + 1, active_at = now() WHERE id = ${a.questionId}`,
      );
      await tx.execute(
        sql`UPDATE question_route SET answered_at = now()
            WHERE question_id = ${a.questionId} AND kind = 'super' AND target_id = ${a.userId}
              AND answered_at IS NULL`,
      );
      return row!.id;
    },

    async notify(
      tx: Database,
      m: { userId: number; estateId: number | null; title: string; content: string; link: string; dedupeKey: string },
    ) {
      await tx.execute(
        sql`INSERT INTO messages (user_id, kind, estate_id, title, content, link, dedupe_key)
            VALUES (${m.userId}, 'qa_answer', ${m.estateId}, ${m.title}, ${m.content}, ${m.link}, ${m.dedupeKey})
            ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
      );
    },

    async answer(id: number, tx: Database = db) {
      const [row] = await queryRows<{
        id: number;
        questionId: number;
        userId: number;
        status: string;
        questionStatus: string;
      }>(
        tx,
        sql`SELECT a.id::int AS id, a.question_id::int AS "questionId", a.user_id AS "userId", a.status,
              q.status AS "questionStatus"
            FROM answer a JOIN question q ON q.id = a.question_id WHERE a.id = ${id}`,
      );
      return row ?? null;
    },

    async updateAnswer(id: number, body: string, images: string[], flagged: boolean) {
      await db.execute(
        sql`UPDATE answer SET body = ${body}, images = ${JSON.stringify(images)}::jsonb,
              flagged = flagged OR ${flagged}, updated_at = now()
            WHERE id = ${id}`,
      );
    },

    /** Likes (or unlikes) an answer once; the count moves only when the row did. */
    async like(tx: Database, userId: number, answerId: number, like: boolean) {
      const changed = like
        ? await queryRows(
            tx,
            sql`INSERT INTO community_like (user_id, target_type, target_id) VALUES (${userId}, 'answer', ${answerId})
                ON CONFLICT DO NOTHING RETURNING 1`,
          )
        : await queryRows(
            tx,
            sql`DELETE FROM community_like WHERE user_id = ${userId} AND target_type = 'answer'
                  AND target_id = ${answerId} RETURNING 1`,
          );
      const [row] = await queryRows<{ likeCount: number }>(
        tx,
        changed.length > 0
          ? sql`UPDATE answer SET like_count = greatest(0, like_count + ${like ? 1 : -1}) WHERE id = ${answerId}
                RETURNING like_count AS "likeCount"`
          : sql`SELECT like_count AS "likeCount" FROM answer WHERE id = ${answerId}`,
      );
      return row?.likeCount ?? 0;
    },

    /** Follows (or unfollows) a question once (subscriptions, target_type question), with its follow_count. */
    async follow(tx: Database, userId: number, questionId: number, follow: boolean) {
      const changed = follow
        ? await queryRows(
            tx,
            sql`INSERT INTO subscriptions (user_id, target_type, target_id) VALUES (${userId}, 'question', ${questionId})
                ON CONFLICT (user_id, target_type, target_id) DO NOTHING RETURNING id`,
          )
        : await queryRows(
            tx,
            sql`DELETE FROM subscriptions WHERE user_id = ${userId} AND target_type = 'question'
                  AND target_id = ${questionId} RETURNING id`,
          );
      const [row] = await queryRows<{ followCount: number }>(
        tx,
        changed.length > 0
          ? sql`UPDATE question SET follow_count = greatest(0, follow_count + ${follow ? 1 : -1})
                WHERE id = ${questionId} RETURNING follow_count AS "followCount"`
          : sql`SELECT follow_count AS "followCount" FROM question WHERE id = ${questionId}`,
      );
      return row?.followCount ?? 0;
    },

    async deleteQuestion(id: number) {
      await db.execute(sql`UPDATE question SET status = 'deleted' WHERE id = ${id}`);
    },

    async deleteAnswer(tx: Database, id: number, questionId: number, wasVisible: boolean) {
      await tx.execute(sql`UPDATE answer SET status = 'deleted' WHERE id = ${id}`);
      if (wasVisible)
        await tx.execute(
          sql`UPDATE question SET answer_count = greatest(0, answer_count - 1) WHERE id = ${questionId}`,
        );
    },

    async viewer(userId: number, questionId: number) {
      const [row] = await queryRows<{ liked: number[] | null; mine: number[] | null; following: boolean }>(
        db,
        sql`SELECT
              (SELECT array_agg(a.id::int) FROM answer a JOIN community_like l ON l.target_type = 'answer'
                 AND l.target_id = a.id AND l.user_id = ${userId}
               WHERE a.question_id = ${questionId} AND a.status = 'visible') AS liked,
              (SELECT array_agg(a.id::int) FROM answer a
               WHERE a.question_id = ${questionId} AND a.user_id = ${userId} AND a.status = 'visible') AS mine,
              EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ${userId} AND target_type = 'question'
                        AND target_id = ${questionId}) AS following`,
      );
      return { liked: row?.liked ?? [], mine: row?.mine ?? [], following: row?.following ?? false };
    },

    /** A user's questions (own: not deleted; public: visible). */
    questionsOf(userId: number, own: boolean, page: number, size: number) {
      return cardPage(
        sql`q.user_id = ${userId} AND ${own ? sql`q.status <> 'deleted'` : sql`q.status = 'visible'`}`,
        sql`q.created_at DESC, q.id DESC`,
        page,
        size,
      );
    },

    answersBy(userId: number, own: boolean, page: number, size: number) {
      return answerPage(
        sql`a.user_id = ${userId} AND q.status = 'visible'
            AND ${own ? sql`a.status <> 'deleted'` : sql`a.status = 'visible'`}`,
        page,
        size,
      );
    },

    async profile(userId: number) {
      const [row] = await queryRows<{
        id: number;
        nickname: string | null;
        avatar: string | null;
        label: number | null;
        questionCount: number;
        answerCount: number;
        likesReceived: number;
        followerCount: number;
      }>(
        db,
        sql`SELECT u.id, u.nickname, u.avatar, l.label,
              (SELECT count(*)::int FROM question WHERE user_id = u.id AND status = 'visible') AS "questionCount",
              (SELECT count(*)::int FROM answer WHERE user_id = u.id AND status = 'visible') AS "answerCount",
              (SELECT coalesce(sum(like_count), 0)::int FROM answer WHERE user_id = u.id AND status = 'visible')
                AS "likesReceived",
              (SELECT count(*)::int FROM subscriptions WHERE target_type = 'author' AND target_id = u.id)
                AS "followerCount"
            FROM users u LEFT JOIN user_label l ON l.user_id = u.id
            WHERE u.id = ${userId} AND u.deleted_at IS NULL`,
      );
      return row ? { ...row, label: label(row.label) } : null;
    },

    superEstates(userId: number) {
      return queryRows<{ id: number; name: string; cityId: number }>(
        db,
        sql`SELECT e.id, e.name, e.city_id AS "cityId" FROM super_answerer_estate s JOIN estate e ON e.id = s.estate_id
            WHERE s.user_id = ${userId} ORDER BY e.id LIMIT 50`,
      );
    },

    /** The questions routed to a 达人: unanswered first, newest first. */
    async queue(userId: number, page: number, size: number) {
      const { total, rows } = await queryPage<CardSqlRow & { routedAt: string; answered: boolean }>(db, {
        select: sql`${cardColumns}, ${isoText('r.created_at')} AS "routedAt", r.answered_at IS NOT NULL AS answered`,
        from: sql`FROM question_route r JOIN question q ON q.id = r.question_id ${cardJoins}
          WHERE r.kind = 'super' AND r.target_id = ${userId} AND q.status = 'visible'`,
        orderBy: sql`(r.answered_at IS NOT NULL) ASC, r.created_at DESC, q.id DESC`,
        page,
        size,
      });
      return { total, list: rows.map((r) => ({ ...toCard(r), routedAt: r.routedAt, answered: r.answered })) };
    },
  };
}

export type QaRepo = ReturnType<typeof createQaRepo>;
