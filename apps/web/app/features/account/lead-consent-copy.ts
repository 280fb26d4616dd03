// The copy of 不再联系我 (LeadConsentEntry.tsx), apart from the component so the end-to-end tests can read it.
export const WITHDRAW_DONE_TOAST = '已关闭，经纪人将不再联系您';
