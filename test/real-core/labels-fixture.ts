/** A mitred job whose labels are in Greek, Chinese, Hebrew and Arabic, with a Latin and CJK job name. */
export const MITRED_WORLD = {
  parts: [
    { length: 900, quantity: 4, leftAngle: 45, rightAngle: 135, label: 'Κάσα πάνω' },
    { length: 600, quantity: 4, leftAngle: 45, rightAngle: 135, label: '竖框 左' },
    { length: 1210.5, quantity: 3, leftAngle: 45, rightAngle: 45, label: 'משקוף' },
    { length: 450, quantity: 3, label: 'عارضة' },
  ],
  stockLength: 3000,
  kerf: 3,
  trim: true,
  angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
  jobName: 'Fenster Süd · 窗',
};
