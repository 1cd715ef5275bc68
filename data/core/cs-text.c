/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-text.c — text from recorded files that is not UTF-8 */
#include "config.h"

#include <string.h>

#include "cs-text.h"

char *
cs_text_make_valid (const char *text,
                    gssize      len)
{
  const char *end, *p;
  GString *out;
  gsize n;

  if (text == NULL)
    return NULL;
  n = len < 0 ? strlen (text) : (gsize) len;
  if (g_utf8_validate_len (text, n, &end))
    return g_strndup (text, n);
  out = g_string_sized_new (n + 8);
  for (p = text; p < text + n;)
    {
      g_string_append_len (out, p, end - p);
      p = end;
      if (p < text + n)
        {
          g_string_append_printf (out, "\\x%02x", (guint8) *p);
          p++;
        }
      g_utf8_validate_len (p, text + n - p, &end);
    }
  return g_string_free (out, FALSE);
}
