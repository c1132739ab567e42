/** The words of the forms' captcha field (./form-parts.tsx CaptchaField), spread into each island's string keys. */
export const CAPTCHA_STRING_KEYS = ['forms.code', 'forms.codeHint', 'forms.captchaAlt', 'forms.captchaRefresh', 'forms.captchaLoading', 'forms.required'] as const;
