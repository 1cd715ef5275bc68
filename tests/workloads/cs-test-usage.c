/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-usage.c — a running program whose context switches are of one kind
 *
 *   cs-test-usage wait   blocks in read(2) on stdin, a byte at a time;
 *                        on a '?' it answers "V I": its voluntary and
 *                        involuntary context switches so far
 *                        (/proc/self/status)
 *   cs-test-usage spin   spins; on each byte on stdin (polled, never
 *                        waited for) it answers "V I" the same way
 *
 * It prints "ready" first. It only writes when asked, so its stdout pipe
 * never fills and it never blocks in write(2): in spin mode its switches
 * are involuntary alone (preemptions). In wait mode the test sends '.',
 * which needs no answer, and only once the program sleeps: an answer
 * wakes the test, which may preempt the program before it is back in
 * read(2), and a byte already waiting lets read(2) return at once, so a
 * question-and-answer loop counts involuntary switches, not waits.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile unsigned long sink;

static unsigned long long
status_field (const char *status,
              const char *key)
{
  const char *at = strstr (status, key);

  return at != NULL ? strtoull (at + strlen (key), NULL, 10) : 0;
}

static void
answer (void)
{
  char status[4096], line[64];
  FILE *f = fopen ("/proc/self/status", "r");
  size_t n = f != NULL ? fread (status, 1, sizeof status - 1, f) : 0;
  int len;

  if (f != NULL)
    fclose (f);
  status[n] = '\0';
  len = snprintf (line, sizeof line, "%llu %llu\n",
                  status_field (status, "\nvoluntary_ctxt_switches:"),
                  status_field (status, "\nnonvoluntary_ctxt_switches:"));
  if (write (STDOUT_FILENO, line, (size_t) len) != len)
    _exit (3);
}

int
main (int    argc,
      char **argv)
{
  char byte;

  if (argc != 2 || (strcmp (argv[1], "wait") != 0 && strcmp (argv[1], "spin") != 0))
    {
      fprintf (stderr, "usage: cs-test-usage wait|spin\n");
      return 2;
    }
  if (write (STDOUT_FILENO, "ready\n", 6) != 6)
    return 3;
  if (strcmp (argv[1], "wait") == 0)
    {
      while (read (STDIN_FILENO, &byte, 1) == 1)
        if (byte == '?')
          answer ();
      return 0;
    }
  for (;;)
    {
      struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };

      for (unsigned long i = 0; i < 100000; i++)
        sink = sink * 31 + i;
      if (poll (&pfd, 1, 0) == 1)
        {
          if (read (STDIN_FILENO, &byte, 1) != 1)
            return 0;
          answer ();
        }
    }
}
