import type { ConfessionStory } from "./schema";

/**
 * SAMPLE CONTENT. The eleven built-in confession stories are placeholders written for this site's launch. They are
 * seeded once as ordinary rows (server/seed-sample-content.ts), which the owner edits, replaces or removes at
 * /admin/stories; their files stay in public/attached_assets/videos/ until the owner uploads others.
 * Paragraphs of a full story are separated by a blank line.
 */
const SAMPLE_NOTE = "Sample story: replace it with your own.";

function sampleStory(id: number, title: string, description: string, paragraphs: string[]): ConfessionStory {
  return {
    id,
    title,
    description,
    videoFile: `/attached_assets/videos/story-${id}.mp4`,
    posterFile: `/attached_assets/videos/story-${id}.webp`,
    captionsFile: `/attached_assets/videos/story-${id}.vtt`,
    fullStory: [SAMPLE_NOTE, ...paragraphs].join("\n\n"),
  };
}

export const confessionStories: ConfessionStory[] = [
  sampleStory(
    1,
    "The Launch Nobody Came To",
    "We spent a year building in secret. On launch day, the only visitor was my mother.",
    [
      "For twelve months we polished a product nobody had seen. We told ourselves that a great launch would make up for the silence, that the market would recognize quality when it saw it.",
      "Launch day came. We refreshed the dashboard every few minutes. By midnight we had one sign-up, and it was my mother, who had used her real name.",
      "What I confess is not that we failed to market it. It is that I was afraid of hearing no, so I made sure nobody could say it until it was too late to matter. Now we show rough work to customers every week, and the rejections arrive while they are still cheap.",
    ],
  ),
  sampleStory(
    2,
    "I Hired My Best Friend, Then Let Him Go",
    "The hardest conversation of my career was with the person who had believed in me first.",
    [
      "He was the first person to say the idea was worth quitting a job for. So when we raised our first round, he was the first person I hired.",
      "Two years later the company needed a different kind of leader in his role, and everyone but me could see it. I waited six months too long, and the team paid for my loyalty.",
      "We still have dinner now and then. He told me the waiting hurt more than the decision. I have never forgotten that.",
    ],
  ),
  sampleStory(3, "The Spreadsheet That Lied", "A single formula error made us feel rich for a whole quarter.", [
    "Our revenue model was a masterpiece of tabs and colors. It was also wrong: one cell counted annual contracts twelve times.",
    "For three months we hired, spent and celebrated against numbers that did not exist. The accountant found it on a Friday afternoon.",
    "I do not blame the spreadsheet. I blame the fact that nobody, including me, was allowed to question the person who built it: me.",
  ]),
  sampleStory(
    4,
    "Saying No to the Biggest Contract We Were Ever Offered",
    "It would have tripled our revenue and quietly turned us into someone else's department.",
    [
      "The offer arrived with a logo everyone knows. The contract would have tripled our revenue overnight.",
      "It would also have put one customer in charge of our road map, our hiring and, eventually, our price. We modeled it every way we could, and every version ended with us as a supplier with no say.",
      "Turning it down felt reckless at the time. Eighteen months later, with forty smaller customers and no single one above ten per cent, it looks like the only sane thing we did that year.",
    ],
  ),
  sampleStory(
    5,
    "When Software Took Over My Team's Work",
    "We automated the job my first employees were hired to do. Here is what happened to them.",
    [
      "Our support team spent most of its day answering the same twenty questions. A tool could answer them in seconds, and it did.",
      "I had promised the team nobody would lose their job, and I had no plan for keeping that promise. For weeks they watched their queue shrink and wondered which of them would go first.",
      "In the end every one of them moved into work the software could not do: onboarding, training, the conversations that keep customers. I confess it worked out despite my planning, not because of it.",
    ],
  ),
  sampleStory(
    6,
    "The Pivot at Two in the Morning",
    "Our best decision was made in a kitchen, in pajamas, with no data at all.",
    [
      "Investors like to hear that a pivot came from careful analysis. Ours came from a sleepless night and a customer email I could not stop rereading.",
      "She did not want the product we were building. She wanted the small internal tool we had made to build it.",
      "By morning I had a new plan on the back of an envelope. The data came later and agreed with the envelope, but I still tell founders to read their angriest emails at two in the morning.",
    ],
  ),
  sampleStory(
    7,
    "Burnout Looked Like Success",
    "Every metric was up and to the right, including my resting heart rate.",
    [
      "I answered messages at midnight and called it commitment. I skipped holidays and called it focus. The company grew, so I assumed I was doing it right.",
      "The day I could not remember the drive to the office, I finally saw a doctor. The diagnosis was not dramatic, just exhaustion that had become normal.",
      "Now the team has a rule that nobody sends a message after seven in the evening, and I am the one who is reminded of it most.",
    ],
  ),
  sampleStory(
    8,
    "The Customer Who Saved the Company",
    "Our most demanding client was also the one who kept us alive.",
    [
      "She sent long lists of complaints every Monday. Half the team dreaded her emails; the other half had never read them.",
      "When our funding fell through, she was the one who offered to pay a year in advance, because, she said, nobody else had ever listened to her lists.",
      "I confess I had thought of her as a problem to manage. She was the best product manager we ever had, and she never drew a salary.",
    ],
  ),
  sampleStory(
    9,
    "Raising Money We Did Not Need",
    "The round made headlines. It also made us slow, careless and expensive.",
    [
      "We raised because our competitors were raising, and because saying yes felt like winning.",
      "With money in the bank, every decision got bigger and slower. We hired ahead of demand and built features for customers we had only imagined.",
      "We gave a good part of it back in the end, in the form of a down round. The lesson was simple and expensive: money solves problems you have, not problems you hope to have.",
    ],
  ),
  sampleStory(
    10,
    "Learning to Code at Forty-Five",
    "I ran a technology company for a decade without understanding how our product worked.",
    [
      "For ten years I nodded in engineering meetings and hoped nobody would ask me a direct question.",
      "At forty-five I took an evening course with students half my age. I was the slowest in the class and the only one taking notes by hand.",
      "I will never be a good engineer. But I now know which questions to ask, and the team tells me our meetings are shorter. That alone was worth the homework.",
    ],
  ),
  sampleStory(11, "Shutting It Down", "Closing my first company was the most honest thing I did as its founder.", [
    "There was no scandal and no crash, just a slow realization that the market we were waiting for was not coming.",
    "Telling the team, the investors and the customers took a week. Paying everyone properly took the rest of the money. I did both before I could talk myself out of it.",
    "People ask why I am not ashamed of it. I am proud of how it ended. The shame would have been keeping it alive for my own sake.",
  ]),
];
