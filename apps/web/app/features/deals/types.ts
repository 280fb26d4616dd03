// Shapes the deal routes hand from their loaders to the feature's components.

/** A monthly deal chart drawn on the server, for a window of `months`. */
export interface DealChart {
  months: number;
  svg: string;
}
