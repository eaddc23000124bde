/** Columns of the export, also the headers the import reads (case-insensitive). */
export const USER_COLUMNS = ['userName', 'email', 'firstName', 'lastName', 'usercode', 'phone', 'gender', 'department', 'role', 'location', 'status'] as const;
export type UserColumn = (typeof USER_COLUMNS)[number];
