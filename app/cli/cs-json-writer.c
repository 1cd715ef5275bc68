/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-json-writer.c — JSON appended to a string as it is produced
 *
 * The layout and escaping follow json-c 0.16's printer (json_object.c:
 * json_object_object_to_json_string, json_escape_str,
 * json_object_double_to_json_string_format) for the flags the reports use,
 * so that the output is the same bytes as before the report stopped
 * building trees; tests/app/cli/test-json-writer.c compares the two.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cs-cli-append.h"
#include "cs-json-writer.h"

void
cs_json_writer_init (CsJsonWriter *w,
                     GString      *out)
{
  w->out = out;
  w->open = g_byte_array_new ();
  w->after_key = FALSE;
}

void
cs_json_writer_clear (CsJsonWriter *w)
{
  g_clear_pointer (&w->open, g_byte_array_unref);
}

static void
indent (CsJsonWriter *w,
        guint         level)
{
  cs_cli_append_spaces (w->out, 2 * (gsize) level);
}

/* Before a member's key or an array's item: the separator from the one
 * before, a line break and the indentation of the level inside, in one
 * piece while the nesting fits the spaces below (a report nests 6 deep). */
static void
next_item (CsJsonWriter *w)
{
  static const char separator[] = ",\n                                                              ";
  guint8 *had_children = &w->open->data[w->open->len - 1];
  gsize spaces = 2 * (gsize) w->open->len;
  gsize skip = *had_children ? 0 : 2;

  *had_children = 1;
  if (spaces + 2 < sizeof separator)
    cs_cli_append_len (w->out, separator + skip, spaces + 2 - skip);
  else
    {
      cs_cli_append_len (w->out, separator + skip, 2 - skip);
      indent (w, w->open->len);
    }
}

static void
start_value (CsJsonWriter *w)
{
  if (w->after_key)
    w->after_key = FALSE;
  else if (w->open->len > 0)
    next_item (w);
}

static inline gboolean
needs_escape (guchar c)
{
  return c < 0x20 || c == '"' || c == '\\';
}

/* json_escape_str(): the two-character escapes, \u00XX for the other
 * control characters (lower-case hex), '/' as is (NOSLASHESCAPE), every
 * other byte as is — cs_cli_print_output() makes the text valid UTF-8.
 * @suffix follows the closing quote (": " after a key). Names and keys
 * rarely need an escape: those go out in one piece. */
static void
append_escaped (GString    *out,
                const char *text,
                const char *suffix)
{
  static const char hex[] = "0123456789abcdef";
  gsize n = 0;
  const char *start, *p;

  while (text[n] != '\0' && !needs_escape ((guchar) text[n]))
    n++;
  if (text[n] == '\0')
    {
      gsize suffix_len = strlen (suffix);

      cs_cli_reserve (out, n + 2 + suffix_len);
      out->str[out->len++] = '"';
      memcpy (out->str + out->len, text, n);
      out->len += n;
      out->str[out->len++] = '"';
      memcpy (out->str + out->len, suffix, suffix_len + 1);
      out->len += suffix_len;
      return;
    }

  cs_cli_append_len (out, "\"", 1);
  start = text;
  for (p = text + n; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;
      char esc[6];
      gsize len = 2;

      if (!needs_escape (c))
        continue;
      if (p > start)
        cs_cli_append_len (out, start, p - start);
      esc[0] = '\\';
      switch (c)
        {
        case '\b': esc[1] = 'b'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        case '\f': esc[1] = 'f'; break;
        case '"':  esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        default:
          memcpy (esc + 1, "u00", 3);
          esc[4] = hex[c >> 4];
          esc[5] = hex[c & 0xf];
          len = 6;
          break;
        }
      cs_cli_append_len (out, esc, len);
      start = p + 1;
    }
  if (p > start)
    cs_cli_append_len (out, start, p - start);
  cs_cli_append_len (out, "\"", 1);
  cs_cli_append (out, suffix);
}

static void
begin (CsJsonWriter *w,
       char          bracket)
{
  guint8 none = 0;
  char text[2] = { bracket, '\n' };

  start_value (w);
  cs_cli_append_len (w->out, text, 2);
  g_byte_array_append (w->open, &none, 1);
}

static void
end (CsJsonWriter *w,
     char          bracket)
{
  g_return_if_fail (w->open->len > 0);

  if (w->open->data[w->open->len - 1])
    cs_cli_append_len (w->out, "\n", 1);
  g_byte_array_set_size (w->open, w->open->len - 1);
  indent (w, w->open->len);
  cs_cli_append_len (w->out, &bracket, 1);
}

void
cs_json_begin_object (CsJsonWriter *w)
{
  begin (w, '{');
}

void
cs_json_end_object (CsJsonWriter *w)
{
  end (w, '}');
}

void
cs_json_begin_array (CsJsonWriter *w)
{
  begin (w, '[');
}

void
cs_json_end_array (CsJsonWriter *w)
{
  end (w, ']');
}

void
cs_json_key (CsJsonWriter *w,
             const char   *key)
{
  g_return_if_fail (w->open->len > 0 && !w->after_key);

  next_item (w);
  append_escaped (w->out, key, ": ");
  w->after_key = TRUE;
}

void
cs_json_string (CsJsonWriter *w,
                const char   *text)
{
  start_value (w);
  if (text == NULL)
    cs_cli_append_len (w->out, "null", 4);
  else
    append_escaped (w->out, text, "");
}

/* Digits of @v at the end of @buf (at least 21 bytes); returns the first. */
static char *
format_uint (char    *end,
             guint64  v)
{
  char *p = end;

  do
    {
      *--p = '0' + v % 10;
      v /= 10;
    }
  while (v != 0);
  return p;
}

void
cs_json_uint (CsJsonWriter *w,
              guint64       value)
{
  char buf[24];
  char *p = format_uint (buf + sizeof buf, value);

  start_value (w);
  cs_cli_append_len (w->out, p, buf + sizeof buf - p);
}

void
cs_json_int (CsJsonWriter *w,
             gint64        value)
{
  char buf[24];
  /* -(value + 1) + 1: G_MININT64 has no positive counterpart */
  guint64 magnitude = value < 0 ? (guint64) -(value + 1) + 1 : (guint64) value;
  char *p = format_uint (buf + sizeof buf, magnitude);

  if (value < 0)
    *--p = '-';
  start_value (w);
  cs_cli_append_len (w->out, p, buf + sizeof buf - p);
}

void
cs_json_number (CsJsonWriter *w,
                double        value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 8];

  if (!isfinite (value))
    {
      cs_json_null (w);
      return;
    }
  start_value (w);
  /* A whole number below 10^15 is what "%.17g" prints it as (no exponent,
   * no fraction): its digits, to which json-c adds ".0". Counts mostly are
   * whole, and printf is the slow part of a large report. -0 keeps its
   * sign through printf. */
  if (value == trunc (value) && fabs (value) < 1e15 && !(value == 0 && signbit (value)))
    {
      guint64 magnitude = (guint64) fabs (value);
      char *p = format_uint (buf + sizeof buf, magnitude);

      if (value < 0)
        *--p = '-';
      cs_cli_append_len (w->out, p, buf + sizeof buf - p);
      cs_cli_append_len (w->out, ".0", 2);
      return;
    }
  g_ascii_formatd (buf, sizeof buf, "%.17g", value);
  cs_cli_append_len (w->out, buf, strlen (buf));
  /* json-c's mark that this is a double: no decimal point, no exponent */
  if (strpbrk (buf, ".e") == NULL)
    cs_cli_append_len (w->out, ".0", 2);
}

void
cs_json_bool (CsJsonWriter *w,
              gboolean      value)
{
  start_value (w);
  if (value)
    cs_cli_append_len (w->out, "true", 4);
  else
    cs_cli_append_len (w->out, "false", 5);
}

void
cs_json_null (CsJsonWriter *w)
{
  start_value (w);
  cs_cli_append_len (w->out, "null", 4);
}

void
cs_json_member_string (CsJsonWriter *w,
                       const char   *key,
                       const char   *text)
{
  cs_json_key (w, key);
  cs_json_string (w, text);
}

void
cs_json_member_number (CsJsonWriter *w,
                       const char   *key,
                       double        value)
{
  cs_json_key (w, key);
  cs_json_number (w, value);
}

void
cs_json_member_int (CsJsonWriter *w,
                    const char   *key,
                    gint64        value)
{
  cs_json_key (w, key);
  cs_json_int (w, value);
}

void
cs_json_member_uint (CsJsonWriter *w,
                     const char   *key,
                     guint64       value)
{
  cs_json_key (w, key);
  cs_json_uint (w, value);
}

void
cs_json_member_bool (CsJsonWriter *w,
                     const char   *key,
                     gboolean      value)
{
  cs_json_key (w, key);
  cs_json_bool (w, value);
}
