/**
 * A board request that cannot be answered as asked: an unknown board or filter, a value no option has, a search
 * text too long, a page address (cursor) that is not one of ours. Its message is the Hebrew text the board's route
 * answers with a 400; `code` says which, `filter` names the filter when there is one.
 */
export type BoardQueryErrorCode =
  | 'unknownBoard'
  | 'unknownFilter'
  | 'badFilterValue'
  | 'filterNeedsParent'
  | 'badRange'
  | 'searchTooLong'
  | 'badCursor'
  | 'badPageSize';

export class BoardQueryError extends Error {
  constructor(
    readonly code: BoardQueryErrorCode,
    message: string,
    readonly filter?: string,
  ) {
    super(message);
    this.name = 'BoardQueryError';
  }
}
