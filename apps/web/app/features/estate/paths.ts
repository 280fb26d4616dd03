// Links of the estate pages shared by the blocks and the action bar.

export function agentListPath(cityId: number, estateId: number): string {
  return `/${cityId}/house-detail/${estateId}/agent-list`;
}
