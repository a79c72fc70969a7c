import { z } from 'zod';

/**
 * Ids are PostgreSQL `integer` (serial) columns. A larger number can name no
 * row, and the database refuses it as a parameter (an error, not "not
 * found"), so every id the API accepts is bounded here, once.
 */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = 'Enter a valid id.';

/** An id in a JSON body. */
export const zId = z.number(ID_MESSAGE).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

/** An id in a path or query string: text, read as a number. */
export const zIdParam = z.coerce
  .number(ID_MESSAGE)
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(MAX_ID, ID_MESSAGE);

/** The `:id` path parameter most routes have. */
export const ZIdParams = z.object({ id: zIdParam });
