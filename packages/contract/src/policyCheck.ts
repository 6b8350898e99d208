/** POST /api/publish/policy-check (ours): the server's part of the policy check before publishing. */
export interface PolicyCheckRequest {
  CatID: number | string;
  SubCatID?: number | string;
  /** The ad being edited or already saved: not compared with itself. */
  OrderID?: number | string;
  /** The ad's free-text fields by wire name (title, description…), at most 10, each up to 5000 characters. */
  texts: Record<string, string>;
}

export interface PolicyCheckResponse {
  status: 200;
  /** Banned words in the text: save-ad keeps such an ad aside (hasWordBlocked) instead of publishing it. */
  blockedWords: string[];
  /** A live ad of the same customer and category whose text nearly repeats this one, else null. */
  duplicateOf: number | null;
}
