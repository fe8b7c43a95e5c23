#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

// Refuses to decrypt instead of asking on the terminal, which is what a NULL password
// callback would do for an encrypted key.
static inline int cooktimer_no_password(char *buffer, int size, int writing, void *context) {
  (void)buffer; (void)size; (void)writing; (void)context;
  return -1;
}

static inline EVP_PKEY *cooktimer_pem_read_private_key(BIO *bio) {
  return PEM_read_bio_PrivateKey(bio, NULL, cooktimer_no_password, NULL);
}

// OSSL_PKEY_PARAM_GROUP_NAME is a string macro; the curve's name ("prime256v1"), or 0.
static inline int cooktimer_pkey_group_name(const EVP_PKEY *key, char *name, size_t size) {
  size_t length = 0;
  return EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, name, size, &length);
}

// BIO_get_mem_data is a macro over BIO_ctrl.
static inline long cooktimer_bio_mem_contents(BIO *bio, char **contents) {
  return BIO_get_mem_data(bio, contents);
}

// SHA-256 for the service (API keys and request bodies are kept as digests), through the EVP
// interface (the SHA256_Init family is deprecated in OpenSSL 3). Writes 32 bytes; 1 on success.
static inline int cooktimer_sha256(const void *data, size_t count, unsigned char *out) {
  unsigned int size = 0;
  return EVP_Digest(data, count, out, &size, EVP_sha256(), NULL) == 1 && size == 32;
}
