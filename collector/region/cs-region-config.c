/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-config.c — CYCLESCOPE_REGIONS, what the recorder hands the library
 *
 *   1;skip=N;marks=0|1;group=EV,EV,…;group=…;out=PATH-PREFIX
 *
 * EV is TYPE:CONFIG:CONFIG1:CONFIG2:EXCLUDE (numbers in C notation, so hex
 * with 0x) — the perf_event_attr fields the collector's libpfm4 encoding
 * gave. out= comes last and takes the rest of the text, so the path may
 * hold any character. docs/regions.md describes it for people.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs-region-lib-private.h"

static int
fail (char       *err,
      size_t      err_len,
      const char *what,
      const char *at)
{
  snprintf (err, err_len, "%s at “%.40s”", what, at);
  return 0;
}

static int
parse_number (const char **p,
              uint64_t    *value)
{
  char *end = NULL;
  unsigned long long v;

  if (**p == '-' || **p == '\0')
    return 0;
  errno = 0;
  v = strtoull (*p, &end, 0);
  if (errno != 0 || end == *p)
    return 0;
  *value = v;
  *p = end;
  return 1;
}

static int
parse_group (const char      **p,
             _CsRegionConfig  *config,
             char             *err,
             size_t            err_len)
{
  int size = 0;

  if (config->n_groups == CS_REGION_MAX_GROUPS)
    return fail (err, err_len, "too many groups", *p);
  for (;;)
    {
      _CsRegionEvent *ev;
      uint64_t f[5];

      if (config->n_events == CS_REGION_MAX_EVENTS)
        return fail (err, err_len, "too many events", *p);
      for (int i = 0; i < 5; i++)
        {
          if (!parse_number (p, &f[i]))
            return fail (err, err_len, "expected a number", *p);
          if (i < 4 && *(*p)++ != ':')
            return fail (err, err_len, "expected “:”", *p - 1);
        }
      if (f[0] > UINT32_MAX || f[4] > 0x3f)
        return fail (err, err_len, "event type or exclude bits out of range", *p);
      ev = &config->events[config->n_events++];
      ev->type = (uint32_t) f[0];
      ev->config = f[1];
      ev->config1 = f[2];
      ev->config2 = f[3];
      ev->exclude = (uint32_t) f[4];
      size++;
      if (**p != ',')
        break;
      (*p)++;
    }
  config->group_size[config->n_groups++] = size;
  config->width += 2 + size;
  return 1;
}

int
_cs_region_config_parse (const char      *text,
                         _CsRegionConfig *config,
                         char            *err,
                         size_t           err_len)
{
  const char *p = text;

  memset (config, 0, sizeof *config);
  if (strncmp (p, "1;", 2) != 0)
    return fail (err, err_len, "not version 1 (it must start with “1;”)", p);
  p += 2;
  for (;;)
    {
      if (strncmp (p, "out=", 4) == 0)
        {
          if (p[4] != '/')
            return fail (err, err_len, "out= needs an absolute path", p);
          config->out = strdup (p + 4);
          return config->out != NULL;
        }
      else if (strncmp (p, "skip=", 5) == 0)
        {
          p += 5;
          if (!parse_number (&p, &config->skip))
            return fail (err, err_len, "expected a number", p);
        }
      else if (strncmp (p, "marks=", 6) == 0)
        {
          uint64_t v;

          p += 6;
          if (!parse_number (&p, &v) || v > 1)
            return fail (err, err_len, "marks= takes 0 or 1", p);
          config->marks = (int) v;
        }
      else if (strncmp (p, "group=", 6) == 0)
        {
          p += 6;
          if (!parse_group (&p, config, err, err_len))
            return 0;
        }
      else
        return fail (err, err_len, "unknown field", p);
      if (*p++ != ';')
        return fail (err, err_len, "expected “;” (out= must come last)", p - 1);
    }
}

void
_cs_region_config_clear (_CsRegionConfig *config)
{
  free (config->out);
  memset (config, 0, sizeof *config);
}
