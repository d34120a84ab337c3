/** A YANG description as one line of text (its line breaks and indentation as single spaces). */
export const oneLine = <T extends string | undefined>(text: T): T => text?.replace(/\s+/g, ' ').trim() as T;
