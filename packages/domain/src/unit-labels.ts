// How a home's layout and floor are written on cards and rows (kept apart from the payload schemas so
// pages that show them do not load zod).

/** '2室1厅' (halls omitted when 0). */
export function roomLabel(rooms: number | null | undefined, halls?: number | null): string {
  if (rooms === null || rooms === undefined) return '--';
  return halls ? `${rooms}室${halls}厅` : `${rooms}室`;
}

/** '低楼层/共6层' from a floor and the building's floors; the exact floor is not shown (privacy, like 贝壳). */
export function floorLabel(floor: number | null | undefined, totalFloors: number | null | undefined): string {
  if (!floor || !totalFloors) return totalFloors ? `共${totalFloors}层` : '--';
  const third = totalFloors / 3;
  const level = floor <= third ? '低' : floor <= third * 2 ? '中' : '高';
  return `${level}楼层/共${totalFloors}层`;
}
