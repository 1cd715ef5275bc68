/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-append.h — appending short pieces to the reports' strings
 *
 * g_string_append_len() goes through g_string_insert_len() and its checks
 * (GLib 2.74 has no inline version of it); a report of 20 000 regions
 * appends tens of millions of pieces of a few bytes.
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* Room for @len more bytes (and the NUL) without moving @out->len: the
 * caller writes them into @out->str directly. */
static inline void
cs_cli_reserve (GString *out,
                gsize    len)
{
  if (G_UNLIKELY (out->len + len >= out->allocated_len))
    {
      gsize old = out->len;

      g_string_set_size (out, old + len);
      g_string_truncate (out, old);
    }
}

static inline void
cs_cli_append_len (GString    *out,
                   const char *data,
                   gsize       len)
{
  if (G_LIKELY (out->len + len < out->allocated_len))
    {
      memcpy (out->str + out->len, data, len);
      out->len += len;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, data, len);
}

static inline void
cs_cli_append (GString    *out,
               const char *text)
{
  cs_cli_append_len (out, text, strlen (text));
}

/* @n spaces. */
static inline void
cs_cli_append_spaces (GString *out,
                      gsize    n)
{
  static const char spaces[] = "                                                                ";

  while (n > 0)
    {
      gsize chunk = MIN (n, sizeof spaces - 1);

      cs_cli_append_len (out, spaces, chunk);
      n -= chunk;
    }
}

/* No byte of the first @len of @text starts a multi-byte character: its
 * length in bytes is its length in characters. */
static inline gboolean
cs_cli_is_ascii (const char *text,
                 gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if ((guchar) text[i] >= 0x80)
      return FALSE;
  return TRUE;
}

G_END_DECLS
