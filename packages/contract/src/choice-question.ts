/** Whether a question of this type is answered from its options (registration and evaluation questions alike). */
export const isChoice = (type: string | null | undefined) => type === 'radio' || type === 'checkbox';
