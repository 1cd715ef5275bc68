/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-system.c — the few system-file helpers data/ and collector/ share */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cs-system.h"

gboolean
cs_write_all (int         fd,
              const void *data,
              gsize       len)
{
  const guint8 *p = data;

  while (len > 0)
    {
      gssize n = write (fd, p, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      if (n == 0)
        {
          errno = ENOSPC;
          return FALSE;
        }
      p += n;
      len -= n;
    }
  return TRUE;
}

char *
cs_cpuinfo_value (const char *contents,
                  const char *key)
{
  const char *line = contents;

  g_return_val_if_fail (contents != NULL && key != NULL, NULL);

  while (*line != '\0')
    {
      const char *nl = strchr (line, '\n');
      const char *end = nl != NULL ? nl : line + strlen (line);
      const char *colon = memchr (line, ':', end - line);

      if (colon != NULL)
        {
          g_autofree char *name = g_strstrip (g_strndup (line, colon - line));

          if (g_str_equal (name, key))
            return g_strstrip (g_strndup (colon + 1, end - colon - 1));
        }
      line = *end != '\0' ? end + 1 : end;
    }
  return NULL;
}
