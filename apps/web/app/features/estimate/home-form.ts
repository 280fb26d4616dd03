// The valuation form's state as text (what the inputs hold), to and from the URL query (重新估价 and the return from
// login prefill it), and its check against the API's own schema (estimateCreateInput), so the inline messages are
// the server's words and a form that passes here is one the server accepts.
import {
  DECORATIONS,
  ORIENTATIONS,
  estimateCreateInput,
  parseId,
  type EstimateCreateInput,
  type EstimateRecord,
} from '@fjt/domain';

export interface HomeForm {
  area: string;
  rooms: string;
  halls: string;
  floor: string;
  totalFloors: string;
  orientation: string;
  /** '' = 不确定 */
  decoration: string;
  /** '' = the newest month (历史估价 otherwise) */
  asOf: string;
}

export const FORM_FIELDS = [
  'area',
  'rooms',
  'halls',
  'floor',
  'totalFloors',
  'orientation',
  'decoration',
  'asOf',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export const EMPTY_FORM: HomeForm = {
  area: '',
  rooms: '2',
  halls: '1',
  floor: '',
  totalFloors: '',
  orientation: '南',
  decoration: '',
  asOf: '',
};

/** The form prefilled from a query (unknown values are left at their defaults). */
export function formFromQuery(query: URLSearchParams): HomeForm {
  const text = (key: FormField, max = 10) => (query.get(key) ?? '').slice(0, max);
  const choice = <T extends string>(key: FormField, options: readonly T[], fallback: string) => {
    const v = query.get(key);
    return v !== null && (options as readonly string[]).includes(v) ? v : fallback;
  };
  return {
    area: text('area'),
    rooms: text('rooms') || EMPTY_FORM.rooms,
    halls: text('halls') || EMPTY_FORM.halls,
    floor: text('floor'),
    totalFloors: text('totalFloors'),
    orientation: choice('orientation', ORIENTATIONS, EMPTY_FORM.orientation),
    decoration: choice('decoration', DECORATIONS, ''),
    asOf: text('asOf', 7),
  };
}

/** The query that prefills the form with these values (and the estate). */
export function formQuery(estateId: number | null, form: HomeForm): string {
  const q = new URLSearchParams();
  if (estateId !== null) q.set('estateId', String(estateId));
  for (const key of FORM_FIELDS) if (form[key]) q.set(key, form[key]);
  return q.toString();
}

/** A stored record's inputs as the form holds them (重新估价). */
export function formOfRecord(record: EstimateRecord): HomeForm {
  const i = record.input;
  return {
    area: String(i.area),
    rooms: String(i.rooms),
    halls: i.halls === null ? '' : String(i.halls),
    floor: String(i.floor),
    totalFloors: String(i.totalFloors),
    orientation: i.orientation,
    decoration: i.decoration ?? '',
    asOf: i.asOf ?? '',
  };
}

export type FormErrors = Partial<Record<FormField | 'estateId', string>>;

/** The request body, or the first message of each field that is wrong. */
export function checkForm(
  estateId: number | null,
  form: HomeForm,
): { ok: true; input: EstimateCreateInput } | { ok: false; errors: FormErrors } {
  const candidate = {
    estateId: estateId ?? undefined,
    area: form.area.trim() === '' ? Number.NaN : Number(form.area),
    rooms: form.rooms,
    ...(form.halls ? { halls: form.halls } : {}),
    floor: form.floor.trim(),
    totalFloors: form.totalFloors.trim(),
    orientation: form.orientation,
    ...(form.decoration ? { decoration: form.decoration } : {}),
    ...(form.asOf ? { asOf: form.asOf } : {}),
  };
  const parsed = estimateCreateInput.safeParse(candidate);
  const errors: FormErrors = {};
  if (estateId === null || parseId(estateId) === null) errors.estateId = '请选择小区';
  if (parsed.success && !errors.estateId) return { ok: true, input: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as FormField | 'estateId' | undefined;
    if (field && !errors[field]) errors[field] = field === 'estateId' ? '请选择小区' : issue.message;
  }
  return { ok: false, errors };
}
