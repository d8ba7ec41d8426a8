/**
 * A VAPID key pair for tests only, so the test apps need not make and store one each: known to
 * everyone who reads this file, and so never for a real instance.
 */
export const TEST_VAPID_ENV = {
  VAPID_PUBLIC_KEY: 'BHiGoL_lFhhvf1SjD7Bjt8u4zITRlBJRE_VPjSqmMN2UcEvjdJ4mEAzYq41tjcNDDpFfOxfct8mmPYRH-ZZh9xE',
  VAPID_PRIVATE_KEY: 'v-tdUxdA0nFsM-I2vqRWfm7l0hlmow7KeirGU4sXH8o',
} as const;
