#include <zlib.h>

// deflateInit2 is a macro (it passes ZLIB_VERSION and the stream's size); Swift imports no
// function-like macro.
static inline int cooktimer_deflate_init_gzip(z_stream *stream, int level) {
  // windowBits 15 + 16: a gzip header and trailer (RFC 1952) instead of zlib's (zlib.h).
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
