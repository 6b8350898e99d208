/**
 * The shapes every call shares, as zod schemas (those with a `meta` id are one component of the OpenAPI document,
 * named by it): the server validates requests and serialises answers with them and
 * generates the OpenAPI document from them (apps/server/README.md, "Declaring a call"). The web imports the types
 * beside them only (`import type`), never this folder's code, so zod stays out of the browser's bundles.
 */
import { z } from 'zod';

/** A refusal: the HTTP status again and a Hebrew message the user reads. */
export const RefusalSchema = z.object({ status: z.number().int(), message: z.string() }).meta({ id: 'Refusal' });
export type Refusal = z.infer<typeof RefusalSchema>;

/** One field's error: its Hebrew message and the name of the form field it belongs to. */
export const FieldErrorSchema = z
  .object({
    msg: z.string(),
    /** Name of the form field the message belongs to (username, password, captcha, …). */
    fieldName: z.string(),
  })
  .meta({ id: 'FieldError' });

/** A refusal of a form's fields: each field's message, as the save calls answer. */
export const FieldErrorsRefusalSchema = z.object({ status: z.number().int(), errors: z.array(FieldErrorSchema) });

/** The server failed: a Hebrew message and the request's hash, which the user can quote to support. */
export const ServerFailureSchema = z
  .object({ status: z.literal(500), message: z.string(), hash: z.string() })
  .meta({ id: 'ServerFailure' });

/**
 * What the web reads of a call whose answer it checks field by field: the success's fields (each may be missing
 * when the call was refused), the status, and a refusal's message or field errors.
 */
export type AnswerOf<S extends z.ZodType> = Partial<Omit<z.infer<S>, 'status'>> & {
  status: number;
  message?: string;
  errors?: z.infer<typeof FieldErrorSchema>[];
};

/** A whole number of up to `max` digits, as a path or a query carries it (text). */
export const digits = (max: number) => z.string().regex(new RegExp(`^\\d{1,${max}}$`));

/** A positive whole number of up to 16 digits (a row's id), as a path or a query carries it. */
export const positiveId = z.string().regex(/^[1-9]\d{0,15}$/);

/** A day as YYYY-MM-DD (the calendar is checked where the day is read). */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A page's cursor: the ISO time and the id of the last row of the page before (`${time}_${id}`). */
export const timeIdCursor = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[1-9]\d{0,15}$/);

/** A query parameter that may be sent empty (a form's empty filter): empty is the same as not sent. */
export const orEmpty = <S extends z.ZodType>(schema: S) => z.union([z.literal(''), schema]).optional();

/** An ISO 8601 time as the answers carry it. */
export const isoTime = z.string();

/** A success that carries its status beside the report (the console's answers): the report's fields and status 200. */
export const withStatus200 = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ status: z.literal(200), ...shape });
