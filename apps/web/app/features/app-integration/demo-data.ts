// The /demo page's mock figures (routes/app-integration/demo.tsx), shared by its loader's charts and its price card.
/** Twelve mock months, oldest first. */
export const MONTHS = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
export const LISTING = [30120, 30310, 30280, 30550, 30720, 30690, 30910, 31040, 30980, 31210, 31350, 31420];
export const DEAL = [28110, 28250, 28190, 28400, 28620, 28580, 28710, 28830, 28800, 28990, 29120, 29260];
