/**
 * A number as the app's messages and figures write it: Canadian English digit groups and at most two decimals
 * (12,500; 7.25). One formatter for the module's life: making an `Intl.NumberFormat` per call was measurable in a
 * list's render (issue 23).
 */
const grouped = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 2 });

export const formatGrouped = (value: number): string => grouped.format(value);
