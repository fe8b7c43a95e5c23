#ifndef COOKTIMER_CCRYPTOHASH_SHIM_H
#define COOKTIMER_CCRYPTOHASH_SHIM_H

// Only the digest the service needs: SHA-256 of API keys and request bodies, through
// OpenSSL's EVP interface (the SHA256_Init family is deprecated in OpenSSL 3).
#include <stddef.h>
#include <openssl/evp.h>

/// Writes the 32-byte SHA-256 digest of `count` bytes at `data` into `out`; 1 on success.
static inline int cooktimer_sha256(const void *data, size_t count, unsigned char *out) {
  unsigned int size = 0;
  return EVP_Digest(data, count, out, &size, EVP_sha256(), NULL) == 1 && size == 32;
}

#endif
