export { fetchPublicAd, type PublicAdOutcome } from './adds.ts';
export {
  type Customer,
  confirmCode,
  createNewPass,
  fetchCustomer,
  forgetPass,
  GUEST,
  login,
  logout,
  register,
  type SignInOutcome,
} from './auth.ts';
export {
  checkDuplicateCar,
  type Duplicate,
  priceReminderOptions,
  reportMissingSubModel,
  sendTradeInLead,
} from './carExtras.ts';
export { type ContactUsSendResult, fetchContactUsForm, sendContactUs } from './contactUs.ts';
export { clearEarly, startEarly } from './early.ts';
export { searchProductCategories } from './freeSearch.ts';
export { type ApiResult, getJson, postJson, readCookie } from './http.ts';
export { newIdempotencyKey } from './idempotency.ts';
export { listImages, orderImages, reserveOrder, type SlotUpload, uploadSlot } from './media.ts';
export { type MissingAddressReport, reportMissingAddress } from './missingAddress.ts';
export { fetchPersonalNavbar } from './navbar.ts';
export {
  type AdEventTypeName,
  type AuditEntry,
  addWebhook,
  answerInbox,
  approveReview,
  blockCustomer,
  type CustomerActivity,
  type CustomerSummary,
  changeWebhook,
  closeReviewCase,
  confirmEnrolment,
  type DayTotals,
  type DecisionAnswer,
  decideMany,
  fetchAudit,
  fetchCustomerActivity,
  fetchDayTotals,
  fetchFunnel,
  fetchInbox,
  fetchLeads,
  fetchLiveAds,
  fetchModerationRules,
  fetchPayment,
  fetchPayments,
  fetchPhoneSpend,
  fetchQueue,
  fetchReview,
  fetchStaff,
  fetchStaffCustomer,
  fetchStaffMe,
  fetchWebhooks,
  type HoldReason,
  type InboxMessage,
  inviteStaff,
  type LeadFilter,
  type LeadItem,
  type LeadsPage,
  leadsCsvHref,
  type ModerationRules,
  markLeadHandled,
  type PaymentDetail,
  type PaymentFilter,
  type PaymentItem,
  type PaymentsPage,
  type QueueItem,
  type QueuePage,
  type RejectTemplateItem,
  type ReviewCase,
  type ReviewDetail,
  refundPayment,
  rejectReview,
  resendCustomerCode,
  resetCustomerLimits,
  type StaffListItem,
  type StaffMember,
  type StaffRefundItem,
  type StaffRole,
  saveModerationRules,
  searchCustomers,
  staffCode,
  staffLogin,
  staffLogout,
  staffSetup,
  startEnrolment,
  unblockCustomer,
  type WebhookItem,
} from './operator.ts';
export {
  chooseOrderTypeOf,
  fetchFinishPage,
  fetchOrderTypes,
  finishPublish,
  type Outcome,
  startAppPayment,
  startAutoBumpPayment,
  startCardPayment,
  startPackagePayment,
} from './orders.ts';
export { answerCall, fetchOutbox, fetchPhoneOutbox, type OutboxPhoneEntry, sandboxKey } from './outbox.ts';
export {
  bulkMyAds,
  cancelEasyStart,
  finishWithPackageLead,
  getAdNumbers,
  getMyAds,
  getMyAdsNumbers,
  getPackages,
  getUpgradePackages,
  sendPackageLead,
} from './packages.ts';
export { getFinishPaymentPage } from './payments.ts';
export {
  checkPhoneCall,
  confirmPhoneCode,
  fetchPhones,
  sendPhoneCall,
  sendPhoneSms,
  setPhoneActivation,
} from './phones.ts';
export {
  fetchAgreement,
  fetchRelatedBrokers,
  type StoreOutcome,
  sendCampaignLeads,
  sendRealEstateLead,
  storeInvoiceDetails,
  storePhonePaymentDetails,
} from './planExtras.ts';
export { calculatePrice, type PriceQuery, type PriceSuggestion } from './priceList.ts';
export {
  type CarSubModel,
  checkStep,
  checkTrader,
  fetchArea,
  fetchCarSubModels,
  fetchDraft,
  fetchEditFields,
  fetchFields,
  fetchOptions,
  orderEdited,
  resetAd,
  type SubModelFilter,
  type SubModelFilterValues,
  type SubModelsPage,
  saveAd,
  saveDraft,
  searchPlate,
} from './publish.ts';
export { withQuery } from './query.ts';
export {
  fetchSandboxPayments,
  PAYMENT_SWITCHES,
  type SandboxPaymentsView,
  setPaymentSwitch,
  type TestCardBehaviour,
} from './sandboxPayments.ts';
export { type ExternalLinks, fetchExternalLinks, fetchSiteConfig, loadedExternalLinks } from './site.ts';
export { deleteAdVideo, fetchAdVideo, requestVideoToken } from './video.ts';
