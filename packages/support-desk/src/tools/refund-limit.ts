/** The refund limit of reference 000, in dollars: 500.00 is paid automatically, 500.01 goes to a person. */
export const REFUND_LIMIT = 500;
