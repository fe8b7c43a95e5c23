// libqrencode, loaded on first use: only `serve` draws a QR code (the pairing link), so
// nothing links the library, and building needs no -dev package. The types and constants
// below are libqrencode's own (qrencode.h of 4.1, Debian 12; `.ci/check-c-declarations`
// compares them with the real header where it is installed); the functions come from
// `libqrencode.so.4` opened with dlopen by the first call, behind `cooktimer_qrencode_*`
// names that interpose nothing of the library's.
#ifndef COOKTIMER_CQRENCODE_H
#define COOKTIMER_CQRENCODE_H

typedef enum {
  QR_MODE_NUL = -1,
  QR_MODE_NUM = 0,
  QR_MODE_AN,
  QR_MODE_8,
  QR_MODE_KANJI,
  QR_MODE_STRUCTURE,
  QR_MODE_ECI,
  QR_MODE_FNC1FIRST,
  QR_MODE_FNC1SECOND,
} QRencodeMode;

typedef enum {
  QR_ECLEVEL_L = 0,
  QR_ECLEVEL_M,
  QR_ECLEVEL_Q,
  QR_ECLEVEL_H
} QRecLevel;

/// A symbol: `width` × `width` modules in `data`, one byte each, bit 0 set for a dark one.
typedef struct {
  int version;
  int width;
  unsigned char *data;
} QRcode;

/// Opens libqrencode, once per process (thread-safe). NULL when it is ready, else one line
/// saying why not, valid for the life of the process.
const char *cooktimer_qrencode_load(void);

/// `QRcode_encodeString`; NULL when the library is not loaded or the text cannot be encoded.
QRcode *cooktimer_qrencode_encode_string(const char *string, int version, QRecLevel level,
                                         QRencodeMode hint, int casesensitive);

/// `QRcode_free`; does nothing when the library is not loaded.
void cooktimer_qrencode_free(QRcode *code);

#endif
