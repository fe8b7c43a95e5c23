#include "CQRencode.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

// The soname of Debian's libqrencode4, the ABI the header describes.
#define LIBRARY "libqrencode.so.4"

static struct {
  QRcode *(*encode_string)(const char *string, int version, QRecLevel level, QRencodeMode hint,
                           int casesensitive);
  void (*free_code)(QRcode *code);
} qr;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "libqrencode was not loaded";
static char failureText[512];

static void load(void) {
  // RTLD_LOCAL: its symbols stay out of the global scope, so they interpose nothing.
  void *library = dlopen(LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(failureText, sizeof failureText, "%s cannot be loaded (%s); install libqrencode4",
             LIBRARY, why ? why : "unknown error");
    failure = failureText;
    return;
  }
  *(void **)&qr.encode_string = dlsym(library, "QRcode_encodeString");
  *(void **)&qr.free_code = dlsym(library, "QRcode_free");
  if (qr.encode_string == NULL || qr.free_code == NULL) {
    snprintf(failureText, sizeof failureText, "%s lacks QRcode_encodeString or QRcode_free",
             LIBRARY);
    failure = failureText;
    return;
  }
  failure = NULL;
}

const char *cooktimer_qrencode_load(void) {
  pthread_once(&once, load);
  return failure;
}

QRcode *cooktimer_qrencode_encode_string(const char *string, int version, QRecLevel level,
                                         QRencodeMode hint, int casesensitive) {
  if (cooktimer_qrencode_load() != NULL) return NULL;
  return qr.encode_string(string, version, level, hint, casesensitive);
}

void cooktimer_qrencode_free(QRcode *code) {
  if (cooktimer_qrencode_load() != NULL || code == NULL) return;
  qr.free_code(code);
}
